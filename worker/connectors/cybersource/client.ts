/**
 * The Cybersource Payer Authentication connector: the ThreeDsServer port
 * (worker/lib/threeds-server.ts) over Cybersource's REST API (card-connectors.md §1): setup
 * (`/risk/v1/authentication-setups`), enrollment (`/risk/v1/authentications`) and, after a
 * challenge, validation (`/risk/v1/authentication-results`), each signed with the merchant's
 * shared secret. The buyer's browser is sent only to Cardinal's pages (`pagesOrigin`): a
 * device-data-collection or step-up URL on any other origin is refused, since the widget would
 * frame it and trust its messages.
 */
import { parseUrl } from "../http/url";
import type { ThreeDsEnrollment, ThreeDsServer, ThreeDsValidation } from "../../lib/threeds-server";
import { ThreeDsRejectedError } from "../../lib/threeds-server";
import type { ConnectorLog, ConnectorTransport } from "../http/exchange";
import { post, type ApiOptions } from "./api";
import { amountOf, authenticatedOf, cardOf, channelOf, deviceOf, failureReason, malformed, notSent, objectAt, pageUrl, reasonOf, text, type Json } from "./mapping";

/** The connector's settings (config.ts reads all but the transport from the environment). */
export interface CybersourceThreeDsConfig {
  /** `https://apitest.cybersource.com` or `https://api.cybersource.com` (a trailing slash is dropped). */
  baseUrl: string;
  merchantId: string;
  keyId: string;
  /** The shared secret, base64. */
  secretKey: string;
  /** Cardinal's origin: `https://centinelapistag.cardinalcommerce.com` (test) or `https://centinelapi.cardinalcommerce.com`. */
  pagesOrigin: string;
  /** The host's way out (fetch's shape). */
  transport: ConnectorTransport;
  /** Each call's timeout; default 10 000 ms. */
  timeoutMs?: number;
  /** One line per call (Platform.log): method, host, path, status, duration, request id. */
  log?: ConnectorLog;
  /** The clock of the signature's `date`; default the system's. */
  now?: () => Date;
  /** The port's `name`; default `cybersource`. */
  name?: string;
  /** The merchant category code, sent for Visa cards only (Visa Secure in Brazil requires it, and Cybersource wants it for nothing else). */
  mcc?: string;
  /** The challenge window (`01` 250×400 … `05` full page); default `02`, 390×400, which fits a phone's width. */
  acsWindowSize?: "01" | "02" | "03" | "04" | "05";
}

/** Builds the connector over `config`. */
export function createCybersourceThreeDs(config: CybersourceThreeDsConfig): ThreeDsServer {
  const name = config.name ?? "cybersource";
  const pagesOrigin = new URL(config.pagesOrigin).origin;
  const api: ApiOptions = {
    baseUrl: config.baseUrl.replace(/\/+$/, ""),
    merchantId: config.merchantId,
    keyId: config.keyId,
    secretKey: config.secretKey,
    transport: config.transport,
    timeoutMs: config.timeoutMs ?? 10_000,
    log: config.log,
    name,
    now: config.now ?? (() => new Date()),
  };
  const reference = (code: string) => ({ code });

  return {
    name,
    pagesOrigin,

    async setup({ reference: code, card }) {
      const answer = await post(api, "/risk/v1/authentication-setups", { clientReferenceInformation: reference(code), paymentInformation: { card: cardOf(card) } });
      if (answer.status !== "COMPLETED") {
        const reason = reasonOf(objectAt(answer, "errorInformation").reason) ?? "SETUP_FAILED";
        throw new ThreeDsRejectedError(`Cybersource did not set up the authentication (${reason})`, reason);
      }
      const info = objectAt(answer, "consumerAuthenticationInformation");
      const accessToken = text(info, "accessToken");
      const referenceId = text(info, "referenceId");
      if (!accessToken || !referenceId) throw malformed("to setup has no accessToken or referenceId");
      return { accessToken, referenceId, deviceDataCollectionUrl: pageUrl(answer, "deviceDataCollectionUrl", pagesOrigin) };
    },

    async enroll(input): Promise<ThreeDsEnrollment> {
      // The port's browser and billTo fields already carry Cybersource's names.
      const body: Json = {
        clientReferenceInformation: reference(input.reference),
        orderInformation: { amountDetails: amountOf(input.amount, input.currency), ...(input.billTo && { billTo: { ...input.billTo } }) },
        paymentInformation: { card: cardOf(input.card) },
        consumerAuthenticationInformation: {
          referenceId: input.referenceId,
          returnUrl: checkReturnUrl(input.returnUrl),
          deviceChannel: channelOf(input.browser),
          transactionMode: "S", // eCommerce: the buyer is at the checkout
          acsWindowSize: config.acsWindowSize ?? "02",
          ...(config.mcc !== undefined && input.card.brand === "VISA" && { mcc: config.mcc }),
        },
        deviceInformation: deviceOf(input.browser),
      };
      const answer = await post(api, "/risk/v1/authentications", body);
      const info = objectAt(answer, "consumerAuthenticationInformation");
      switch (answer.status) {
        case "AUTHENTICATION_SUCCESSFUL": {
          const outcome = authenticatedOf(answer, input.card.brand, text(answer, "id"));
          return outcome.status === "FAILED" ? { ...outcome, authenticationTransactionId: text(info, "authenticationTransactionId") ?? null } : outcome;
        }
        case "PENDING_AUTHENTICATION": {
          const authenticationTransactionId = text(info, "authenticationTransactionId");
          const accessToken = text(info, "accessToken");
          const specificationVersion = text(info, "specificationVersion");
          if (!authenticationTransactionId || !accessToken || !specificationVersion) throw malformed("to a challenge lacks its authenticationTransactionId, accessToken or specificationVersion");
          return { status: "CHALLENGE", authenticationTransactionId, accessToken, specificationVersion, stepUpUrl: pageUrl(answer, "stepUpUrl", pagesOrigin) };
        }
        case "AUTHENTICATION_FAILED":
          return { status: "FAILED", authenticationTransactionId: text(info, "authenticationTransactionId") ?? null, reason: failureReason(answer) };
        default:
          throw malformed("to enrollment has an unknown status");
      }
    },

    async validate(input): Promise<ThreeDsValidation> {
      const answer = await post(api, "/risk/v1/authentication-results", {
        clientReferenceInformation: reference(input.reference),
        orderInformation: { amountDetails: amountOf(input.amount, input.currency) },
        paymentInformation: { card: cardOf(input.card) },
        consumerAuthenticationInformation: { authenticationTransactionId: input.authenticationTransactionId },
      });
      const id = input.authenticationTransactionId;
      switch (answer.status) {
        case "AUTHENTICATION_SUCCESSFUL": {
          const outcome = authenticatedOf(answer, input.card.brand, id);
          return outcome.status === "FAILED" ? { ...outcome, authenticationTransactionId: id } : outcome;
        }
        case "AUTHENTICATION_FAILED":
          return { status: "FAILED", authenticationTransactionId: id, reason: failureReason(answer) };
        case "PENDING_AUTHENTICATION":
          // The challenge is not over: nothing to conclude yet, and no reason to fail the buyer.
          throw new ThreeDsRejectedError("Cybersource says the challenge is still pending: validate after the ACS has posted to the return URL", "PENDING_AUTHENTICATION");
        default:
          throw malformed("to validation has an unknown status");
      }
    },
  };
}

/** Where the ACS posts the result: an absolute http(s) URL, or Cybersource refuses the enrollment. */
function checkReturnUrl(returnUrl: string): string {
  const protocol = parseUrl(returnUrl)?.protocol ?? "";
  if (protocol !== "https:" && protocol !== "http:") throw notSent("the return URL must be an absolute http(s) URL");
  return returnUrl;
}
