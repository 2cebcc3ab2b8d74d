/**
 * The simulated Payer Authentication API's three operations (card-connectors.md §1.3-1.5), on a
 * request already authenticated by its signature: the checks of each body (400 with §1.9's shape),
 * then the answer of the card's scenario (cards.ts). It remembers setups (an enrollment's
 * referenceId must come from a setup of the same card) and challenges (validated by
 * authenticationTransactionId; an unknown one is 400).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eciOf, scenarioOf, valuesOf, type Scenario } from "./cards";
import { FieldCheck } from "./fields";
import { signJwt } from "./jwt";

/** A setup, by its referenceId. */
export interface SetupRecord {
  number: string;
  /** Whether the device-data collection page was opened with its JWT. */
  collected: boolean;
}

/** A challenge, by its authenticationTransactionId. */
export interface ChallengeRecord {
  id: string;
  number: string;
  type: string;
  scenario: Scenario;
  version: string;
  returnUrl: string;
  /** PENDING until the step-up page is answered: Y (right code on a success card) or N. */
  result: "PENDING" | "Y" | "N";
  directoryServerTransactionId: string;
  threeDSServerTransactionId: string;
}

/** What the operations share with the pages. */
export interface SimState {
  setups: Map<string, SetupRecord>;
  challenges: Map<string, ChallengeRecord>;
  jwtKey: Buffer;
  pagesOrigin: string;
}

/** An answer: HTTP status and JSON body. */
export interface ApiResult {
  status: number;
  body: Record<string, unknown>;
}

const PATHS = { setup: "/risk/v1/authentication-setups", enroll: "/risk/v1/authentications", validate: "/risk/v1/authentication-results" } as const;
export const API_PATHS: readonly string[] = Object.values(PATHS);
const NOT_AUTHENTICATED = "Encountered a Payer Authentication problem. Payer could not be authenticated.";
const TOKEN_SECONDS = 15 * 60;

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
const random = (bytes: number) => randomBytes(bytes).toString("base64");
/** An id as Cardinal's look (20 letters and digits). */
const transactionId = () => randomBytes(15).toString("base64").replace(/[+/]/g, "x").slice(0, 20);

/** Runs the operation at `path` on `body`. */
export function operate(state: SimState, path: string, body: unknown): ApiResult {
  const check = new FieldCheck(body);
  check.text("clientReferenceInformation.code", /^.{1,50}$/, true);
  const card = check.card();
  if (path === PATHS.setup) return check.details.length || !card ? invalid(check, "Payer could not be setup.") : setup(state, card, body);
  check.amount();
  if (path === PATHS.enroll) return enroll(state, check, card, body);
  return validate(state, check, card, body);
}

function setup(state: SimState, card: { number: string; expired: boolean }, body: unknown): ApiResult {
  const head = { id: randomUUID(), submitTimeUtc: now(), clientReferenceInformation: echo(body) };
  if (card.expired) return { status: 201, body: { ...head, status: "FAILED", errorInformation: { reason: "EXPIRED_CARD", message: "Expired card" } } };
  const referenceId = randomUUID();
  state.setups.set(referenceId, { number: card.number, collected: false });
  const accessToken = token(state, { ReferenceId: referenceId, Payload: {} });
  const deviceDataCollectionUrl = `${state.pagesOrigin}/V1/Cruise/Collect`;
  return { status: 201, body: { ...head, status: "COMPLETED", consumerAuthenticationInformation: { accessToken, referenceId, deviceDataCollectionUrl } } };
}

function enroll(state: SimState, check: FieldCheck, card: { number: string; type: string } | undefined, body: unknown): ApiResult {
  const referenceId = check.text("consumerAuthenticationInformation.referenceId", /^[\w-]{1,100}$/);
  const returnUrl = check.url("consumerAuthenticationInformation.returnUrl");
  const channel = check.text("consumerAuthenticationInformation.deviceChannel", /^(Browser|SDK|3RI)$/);
  check.text("consumerAuthenticationInformation.transactionMode", /^[SMRPT]$/, true);
  check.text("consumerAuthenticationInformation.acsWindowSize", /^0[1-5]$/, true);
  check.text("consumerAuthenticationInformation.mcc", /^\d{4}$/, true);
  const setupOf = referenceId !== undefined ? state.setups.get(referenceId) : undefined;
  if (referenceId !== undefined && card && setupOf?.number !== card.number) check.fail("consumerAuthenticationInformation.referenceId");
  if (channel === "Browser") browserFields(check, setupOf?.collected ?? false);
  if (check.at("orderInformation.billTo") !== undefined) {
    for (const field of ["firstName", "lastName", "administrativeArea", "postalCode"]) check.text(`orderInformation.billTo.${field}`, /^.{1,60}$/);
    check.text("orderInformation.billTo.country", /^[A-Z]{2}$/);
    check.text("orderInformation.billTo.email", /^[^@\s]+@[^@\s]+$/);
  }
  if (check.details.length || !card || returnUrl === undefined) return invalid(check, "Payer could not be authenticated.");

  const { scenario, version } = scenarioOf(card.number);
  const ids = { authenticationTransactionId: transactionId(), directoryServerTransactionId: randomUUID(), threeDSServerTransactionId: randomUUID(), acsTransactionId: randomUUID() };
  const head = { id: randomUUID(), submitTimeUtc: now(), clientReferenceInformation: echo(body) };
  const info = { ...ids, specificationVersion: version, veresEnrolled: "Y" };
  const notAuthenticated = { eci: eciOf(card.type, "not-authenticated"), eciRaw: eciOf(card.type, "not-authenticated") };
  switch (scenario) {
    case "frictionless-success":
    case "attempts": {
      const pares = scenario === "attempts" ? "A" : "Y";
      const values = valuesOf(card.type, scenario === "attempts" ? "attempted" : "authenticated", random);
      return ok(head, "AUTHENTICATION_SUCCESSFUL", { ...info, paresStatus: pares, challengeRequired: "N", effectiveAuthenticationType: "FR", ...values });
    }
    case "frictionless-failure":
      return ok(head, "AUTHENTICATION_FAILED", { ...info, paresStatus: "N", ...notAuthenticated }, { reason: "CONSUMER_AUTHENTICATION_FAILED", message: NOT_AUTHENTICATED });
    case "unavailable": // test case 2.4: successful call, paresStatus U, no CAVV, no liability shift
      return ok(head, "AUTHENTICATION_SUCCESSFUL", { ...info, paresStatus: "U", ...notAuthenticated });
    case "system-error": // test case 2.6: the lookup failed at the directory server
      return ok(head, "AUTHENTICATION_SUCCESSFUL", { ...info, veresEnrolled: "U", directoryServerErrorCode: "101", directoryServerErrorDescription: "Invalid Formatted Message", ...notAuthenticated });
    case "challenge-success":
    case "challenge-failure": {
      const challenge: ChallengeRecord = { id: ids.authenticationTransactionId, number: card.number, type: card.type, scenario, version, returnUrl, result: "PENDING", ...ids };
      state.challenges.set(challenge.id, challenge);
      const acsUrl = `${state.pagesOrigin}/acs/challenge`;
      const pareq = Buffer.from(JSON.stringify({ messageType: "CReq", messageVersion: version, threeDSServerTransID: ids.threeDSServerTransactionId, acsTransID: ids.acsTransactionId, challengeWindowSize: check.at("consumerAuthenticationInformation.acsWindowSize") ?? "02" })).toString("base64");
      const accessToken = token(state, { ReferenceId: referenceId, ReturnUrl: returnUrl, Payload: { ACSUrl: acsUrl, Payload: pareq, TransactionId: challenge.id }, ObjectifyPayload: true });
      const stepUp = { accessToken, stepUpUrl: `${state.pagesOrigin}/V2/Cruise/StepUp`, acsUrl, pareq, paresStatus: "C", challengeRequired: "Y" };
      return ok(head, "PENDING_AUTHENTICATION", { ...info, ...stepUp }, { reason: "CONSUMER_AUTHENTICATION_REQUIRED", message: "The cardholder is enrolled in Payer Authentication. Please authenticate the cardholder before continuing with the transaction." });
    }
  }
}

function validate(state: SimState, check: FieldCheck, card: { number: string } | undefined, body: unknown): ApiResult {
  const id = check.text("consumerAuthenticationInformation.authenticationTransactionId", /^\w{1,50}$/);
  const challenge = id !== undefined ? state.challenges.get(id) : undefined;
  if (id !== undefined && !challenge) check.fail("consumerAuthenticationInformation.authenticationTransactionId");
  if (challenge && card && challenge.number !== card.number) check.fail("paymentInformation.card.number");
  if (check.details.length || !challenge) return invalid(check, "Payer could not be authenticated.");
  // An unanswered challenge is over once it is validated: the ACS treats it as not completed.
  if (challenge.result === "PENDING") challenge.result = "N";
  const head = { id: randomUUID(), submitTimeUtc: now(), clientReferenceInformation: echo(body) };
  const info = { authenticationTransactionId: challenge.id, specificationVersion: challenge.version, directoryServerTransactionId: challenge.directoryServerTransactionId, threeDSServerTransactionId: challenge.threeDSServerTransactionId };
  if (challenge.result === "Y") {
    const { ecommerceIndicator, ...values } = valuesOf(challenge.type, "authenticated", random);
    return ok(head, "AUTHENTICATION_SUCCESSFUL", { ...info, ...values, ...(ecommerceIndicator && { indicator: ecommerceIndicator }), paresStatus: "Y", authenticationResult: "0", authenticationStatusMsg: "Success" });
  }
  const eci = eciOf(challenge.type, "not-authenticated");
  return ok(head, "AUTHENTICATION_FAILED", { ...info, eci, eciRaw: eci, paresStatus: "N", authenticationResult: "9", authenticationStatusMsg: "Failed" }, { reason: "CONSUMER_AUTHENTICATION_FAILED", message: NOT_AUTHENTICATED });
}

/** The fields that stand in for device data collection when it did not happen. */
function browserFields(check: FieldCheck, collected: boolean): void {
  const digits = /^\d{1,6}$/;
  check.text("deviceInformation.httpAcceptContent", /^.{1,256}$/);
  check.text("deviceInformation.httpBrowserLanguage", /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/);
  check.text("deviceInformation.httpBrowserScreenHeight", digits);
  check.text("deviceInformation.httpBrowserScreenWidth", digits);
  check.text("deviceInformation.userAgentBrowserValue", /^.{1,2048}$/);
  // Without a device-data collection, these three are required too (the REST model's required set).
  check.text("deviceInformation.httpBrowserColorDepth", /^\d{1,2}$/, collected);
  check.text("deviceInformation.httpBrowserTimeDifference", /^-?\d{1,4}$/, collected);
  check.flag("deviceInformation.httpBrowserJavaEnabled", collected);
  check.flag("deviceInformation.httpBrowserJavaScriptEnabled", true);
  check.text("deviceInformation.ipAddress", /^[0-9a-fA-F.:]{3,45}$/, true);
}

function token(state: SimState, claims: Record<string, unknown>): string {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({ jti: randomUUID(), iat, exp: iat + TOKEN_SECONDS, iss: "cybersource-simulator", OrgUnitId: "simulator", ...claims }, state.jwtKey);
}

function ok(head: Record<string, unknown>, status: string, info: Record<string, unknown>, errorInformation?: Record<string, unknown>): ApiResult {
  return { status: 201, body: { ...head, status, consumerAuthenticationInformation: info, ...(errorInformation && { errorInformation }) } };
}

/** The 400 of §1.9: MISSING_FIELD when any field is missing, else INVALID_DATA. */
function invalid(check: FieldCheck, what: string): ApiResult {
  const reason = check.details.some((d) => d.reason === "MISSING_FIELD") ? "MISSING_FIELD" : "INVALID_DATA";
  return { status: 400, body: { submitTimeUtc: now(), status: "INVALID_REQUEST", reason, message: `Encountered a Payer Authentication problem. ${what}`, details: check.details } };
}

function echo(body: unknown): Record<string, unknown> {
  const code = new FieldCheck(body).at("clientReferenceInformation.code");
  return typeof code === "string" ? { code } : {};
}
