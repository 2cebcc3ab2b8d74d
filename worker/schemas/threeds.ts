/** The 3DS flow's bodies and results (the spec's 3DS objects, plus the pendingAction fields). */
import { z } from "@hono/zod-openapi";
import { PAYMENT_METHODS } from "../../shared/payments";
import { CardInputSchema } from "./card";
import { Amount, Currency } from "./transaction";
import { THREEDS_AUTHENTICATE_RESULT_EXAMPLE, THREEDS_CHALLENGE_RESULT_EXAMPLE, THREEDS_SETUP_RESULT_EXAMPLE } from "./examples/transactions";

const text = (max = 255) => z.string().trim().min(1, "must not be empty").max(max, `at most ${max} characters`);
const optionalText = (max = 255) => z.string().max(max, `at most ${max} characters`).optional();

/** The pendingAction fields a browser adds (with a publishable key, both are required). */
const pendingActionFields = {
  transactionId: z.uuid({ error: "must be the transaction's id" }).optional().openapi({ description: "pendingAction flow: the transaction being paid." }),
  clientSecret: z.string().max(255).optional().openapi({ description: "pendingAction flow: the transaction's `pendingAction.clientSecret`." }),
};

/**
 * How other gateways spell EMV 3DS's device channel, in any case, and the name this API answers
 * with: integrators moving from another gateway send `Browser` or the EMV code `02` as they did.
 */
export const DEVICE_CHANNEL_SPELLINGS: Record<string, "BROWSER" | "APP" | "3RI"> = {
  BROWSER: "BROWSER", BRW: "BROWSER", "02": "BROWSER",
  APP: "APP", "01": "APP",
  "3RI": "3RI", "03": "3RI",
};

/** The authenticate body's `deviceChannel`: any spelling above, made canonical. */
export const DeviceChannelSchema = z
  .string({ error: "must be BROWSER, APP or 3RI" })
  .transform((value, ctx) => {
    const canonical = DEVICE_CHANNEL_SPELLINGS[value.trim().toUpperCase()];
    if (canonical) return canonical;
    ctx.addIssue({ code: "custom", params: { code: "invalid_value" }, message: "must be BROWSER, APP or 3RI (also accepted: Browser, BRW, 02; App, 01; 03)" });
    return z.NEVER;
  })
  .openapi({
    type: "string",
    enum: ["BROWSER", "APP", "3RI"],
    description: "BROWSER, APP or 3RI. Other gateways' spellings are accepted in any case (Browser, BRW, the EMV codes 02, 01, 03) and answered canonically.",
  });

/** Body of POST /v1/transactions/threeds/setup. */
export const ThreeDsSetupSchema = z.strictObject({ card: CardInputSchema, ...pendingActionFields }).openapi("ThreeDsSetupRequest");

/** The spec's Setup result. */
export const ThreeDsSetupResultSchema = z
  .object({
    code: z.string(),
    accessToken: z.string(),
    deviceDataCollectionUrl: z.url().openapi({ description: "Load it in a hidden iframe: it collects device data and posts `pay:3ds:device-data` to the parent." }),
    referenceId: z.string(),
    requestId: z.string(),
    cardAcquirer: z.string().openapi({ description: "The acquirer smart routing chose (docs/cards.md)." }),
  })
  .openapi("ThreeDsSetupResult", { example: THREEDS_SETUP_RESULT_EXAMPLE });

const DeviceInformationSchema = z.strictObject({
  httpBrowserLanguage: text(32),
  httpBrowserJavaEnabled: optionalText(8),
  httpBrowserColorDepth: optionalText(8),
  httpBrowserScreenHeight: text(8),
  httpBrowserScreenWidth: text(8),
  httpBrowserTimeDifference: optionalText(8),
  userAgentBrowserValue: text(2048),
  httpAcceptContent: text(2048),
  // Required from a server; a browser cannot know its public address (see the refinement below).
  ipAddress: text(64).optional(),
});

const BillingSchema = z.strictObject({
  address1: text(),
  address2: optionalText(),
  administrativeArea: text(64),
  country: text(2),
  locality: text(),
  firstName: text(),
  lastName: text(),
  phoneNumber: optionalText(32),
  email: z.email({ error: "must be an e-mail address" }),
  postalCode: text(16),
});

/** Body of POST /v1/transactions/threeds/authenticate: every required field of the spec. */
export const ThreeDsAuthenticateSchema = z
  .strictObject({
    requestId: z.uuid({ error: "must be the requestId setup returned" }),
    referenceId: z.uuid({ error: "must be the referenceId setup returned" }),
    card: CardInputSchema,
    amount: Amount,
    currency: Currency,
    paymentMethod: z.enum(PAYMENT_METHODS.filter((m) => m !== "PIX") as ["CREDIT_CARD", "DEBIT_CARD"], { error: "must be CREDIT_CARD or DEBIT_CARD" }),
    returnUrl: z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }).max(2048),
    deviceChannel: DeviceChannelSchema,
    deviceInformation: DeviceInformationSchema,
    billing: BillingSchema.optional(),
    clientSecret: pendingActionFields.clientSecret,
  })
  // The buyer's browser paying a transaction (clientSecret) sends neither: it cannot know its public
  // IP, and the transaction already names the buyer. A server's call needs both, as the spec says.
  .superRefine((body, ctx) => {
    if (body.clientSecret !== undefined) return;
    if (body.billing === undefined) ctx.addIssue({ code: "custom", params: { code: "required" }, path: ["billing"], message: "is required (optional only for a browser paying with a clientSecret)" });
    if (body.deviceInformation.ipAddress === undefined) {
      ctx.addIssue({ code: "custom", params: { code: "required" }, path: ["deviceInformation", "ipAddress"], message: "is required (optional only for a browser paying with a clientSecret)" });
    }
  })
  .openapi("ThreeDsAuthenticateRequest");

/** The spec's Authenticate result (plus eci and the 3DS server's transaction id, which Amex sales need). */
export const ThreeDsAuthenticateResultSchema = z
  .object({
    code: z.enum(["AUTHENTICATION_SUCCESSFUL", "PENDING_CHALLENGE", "AUTHENTICATION_FAILED"]),
    authenticationTransactionId: z.string(),
    deviceChannel: z.enum(["BROWSER", "APP", "3RI"]).openapi({ description: "The request's device channel, in its canonical spelling." }),
    accessToken: z.string().optional(),
    stepUpUrl: z.url().optional().openapi({ description: "PENDING_CHALLENGE: open it for the buyer (iframe or redirect)." }),
    xid: z.string().nullable().optional(),
    cavv: z.string().optional(),
    eci: z.string().optional(),
    specificationVersion: z.string().optional(),
    directoryServerTransactionId: z.string().optional(),
    threeDsServerTransactionId: z.string().optional(),
  })
  .openapi("ThreeDsAuthenticateResult", { example: THREEDS_AUTHENTICATE_RESULT_EXAMPLE });

/** Body of POST /v1/transactions/threeds/challenge-result. */
export const ThreeDsChallengeResultRequestSchema = z
  .strictObject({
    requestId: z.uuid({ error: "must be the requestId setup returned" }),
    authenticationTransactionId: z.uuid({ error: "must be the authenticationTransactionId authenticate returned" }),
    clientSecret: pendingActionFields.clientSecret,
  })
  .openapi("ThreeDsChallengeResultRequest");

/** The spec's Challenge result (xid, cavv and eci are null when the challenge failed). */
export const ThreeDsChallengeResultSchema = z
  .object({
    status: z.enum(["AUTHENTICATION_SUCCESSFUL", "AUTHENTICATION_FAILED"]),
    threeDsServerTransactionId: z.string().nullable().openapi({ description: "Null only when a live 3DS server did not name it." }),
    xid: z.string().nullable(),
    cavv: z.string().nullable(),
    eci: z.string().nullable(),
    secureVersion: z.string(),
    directoryServerTransactionId: z.string().nullable().openapi({ description: "Null only when a live 3DS server did not name it." }),
  })
  .openapi("ThreeDsChallengeResult", { example: THREEDS_CHALLENGE_RESULT_EXAMPLE });

export type ThreeDsSetup = z.infer<typeof ThreeDsSetupSchema>;
export type ThreeDsAuthenticate = z.infer<typeof ThreeDsAuthenticateSchema>;
