/**
 * The 3DS server port: what the gateway asks of whoever runs EMV 3-D Secure 2 for a live card
 * (Cybersource Payer Authentication, worker/connectors/cybersource/). Test keys never reach it:
 * the sandbox's own 3DS server (domain/threeds/) answers them. The flow is the spec's:
 *
 * 1. `setup` opens a session: the JWT and URL of the device-data-collection page (Cardinal's), and
 *    the `referenceId` that ties that collection to step 2;
 * 2. `enroll` authenticates with the browser's fields: frictionless (the CAVV at once), a challenge
 *    (`stepUpUrl` and its JWT, for the buyer to answer in a frame), or failed;
 * 3. after a challenge, `validate` reads its result by `authenticationTransactionId`.
 *
 * A vendor that cannot be reached throws ThreeDsUnavailableError (503 to the caller, nothing
 * written); one that refuses the request throws ThreeDsRejectedError (502, its reason logged).
 */

/** The card as the 3DS server needs it (opened from the vault for the call, never logged). */
export interface ThreeDsCard {
  number: string;
  /** "MM" and "YYYY". */
  expMonth: string;
  expYear: string;
  /** The gateway's brand (VISA, MASTERCARD, AMEX, ELO, …). */
  brand: string;
}

/** The browser's fields the spec collects (the 3DS server's fallback when device collection times out). */
export interface ThreeDsBrowser {
  deviceChannel: "BROWSER" | "APP" | "3RI";
  httpAcceptContent: string;
  httpBrowserLanguage: string;
  httpBrowserJavaEnabled?: string;
  httpBrowserJavaScriptEnabled?: string;
  httpBrowserColorDepth?: string;
  httpBrowserScreenHeight: string;
  httpBrowserScreenWidth: string;
  /** Minutes from UTC, as the browser's getTimezoneOffset() says it. */
  httpBrowserTimeDifference?: string;
  userAgentBrowserValue: string;
  ipAddress?: string;
}

/** The billing details, when the caller sent them (a server's call always does). */
export interface ThreeDsBillTo {
  firstName: string;
  lastName: string;
  address1: string;
  locality: string;
  administrativeArea: string;
  postalCode: string;
  country: string;
  email: string;
  phoneNumber?: string;
}

/** What setup answers: the browser posts `accessToken` as `JWT` to `deviceDataCollectionUrl`. */
export interface ThreeDsSetup {
  accessToken: string;
  deviceDataCollectionUrl: string;
  referenceId: string;
}

/** The authentication's values a sale carries to the acquirer. */
export interface ThreeDsAuthenticated {
  status: "AUTHENTICATED";
  authenticationTransactionId: string;
  /** CAVV, or Mastercard's AAV (ucafAuthenticationData). */
  cavv: string;
  /** The raw two-digit ECI. */
  eci: string;
  xid: string | null;
  specificationVersion: string;
  directoryServerTransactionId: string | null;
  threeDsServerTransactionId: string | null;
}

/** What enrollment answers. */
export type ThreeDsEnrollment =
  | ThreeDsAuthenticated
  | {
      status: "CHALLENGE";
      authenticationTransactionId: string;
      /** The buyer's frame posts `accessToken` as `JWT` here; the ACS ends by posting `TransactionId` to `returnUrl`. */
      stepUpUrl: string;
      accessToken: string;
      specificationVersion: string;
    }
  | { status: "FAILED"; authenticationTransactionId: string | null; reason: string };

/** What validate answers after a challenge. */
export type ThreeDsValidation = ThreeDsAuthenticated | { status: "FAILED"; authenticationTransactionId: string; reason: string };

/** The 3DS server of a mode. */
export interface ThreeDsServer {
  /** A stable name for logs and records (`cybersource`). */
  readonly name: string;
  /**
   * The origin of the pages the browser opens (Cardinal's: device data collection and step-up).
   * The widget accepts `profile.completed` only from it, and the checkout's CSP names it.
   */
  readonly pagesOrigin: string;
  /** `reference`: the gateway's id for the attempt (its 3DS session), sent as the client reference code. */
  setup(input: { reference: string; card: ThreeDsCard }): Promise<ThreeDsSetup>;
  enroll(input: {
    reference: string;
    referenceId: string;
    card: ThreeDsCard;
    /** Minor units. */
    amount: number;
    currency: string;
    /** Where the ACS posts `TransactionId` when the challenge ends (the gateway's page). */
    returnUrl: string;
    browser: ThreeDsBrowser;
    billTo?: ThreeDsBillTo;
  }): Promise<ThreeDsEnrollment>;
  validate(input: { reference: string; authenticationTransactionId: string; card: ThreeDsCard; amount: number; currency: string }): Promise<ThreeDsValidation>;
}

/** The 3DS server could not be reached, or timed out: nothing can be concluded; the caller may retry. */
export class ThreeDsUnavailableError extends Error {
  override readonly name = "ThreeDsUnavailableError";
}

/** The 3DS server refused the request (4xx, or an answer the connector cannot read). */
export class ThreeDsRejectedError extends Error {
  override readonly name = "ThreeDsRejectedError";
  /** The vendor's reason (`INVALID_DATA`, `MISSING_FIELD`, …): safe to log, never a card field's value. */
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}
