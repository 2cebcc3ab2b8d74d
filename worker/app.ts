/**
 * Builds the Hono app from a Platform. Both hosts serve exactly this app: nothing here, in the
 * routes or in the domain code may import a Node or Cloudflare module.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { secureHeaders } from "hono/secure-headers";
import { declarePage, requestAccess } from "./http/access";
import { authenticate, browserCors } from "./http/auth";
import { guardJsonBody } from "./http/body";
import { noStore } from "./http/no-store";
import type { AppEnv } from "./http/context";
import { notFoundHandler, onError } from "./http/on-error";
import { limitDashboardMember, rateLimit } from "./http/rate-limit";
import { requestLog } from "./http/request-log";
import { SplitRouter } from "./http/router";
import { requestDefaultsInWords } from "./lib/openapi-document";
import { validationHook } from "./lib/validation";
import type { Platform } from "./platform";
import { buyersRoutes } from "./routes/buyers";
import { pixPublicRoutes } from "./routes/pix-public";
import { pixPspCallbackRoutes } from "./routes/pix-psp-callback";
import { pixAutomaticoCallbackRoutes } from "./routes/pix-automatico-callbacks";
import { cieloNotificationRoutes } from "./routes/cielo-notifications";
import { refundsRoutes } from "./routes/refunds";
import { sandboxRoutes } from "./routes/sandbox";
import { sandboxPixAutomaticoChargeRoutes } from "./routes/sandbox-pix-automatico-charges";
import { sandboxPixAutomaticoRoutes } from "./routes/sandbox-pix-automatico";
import { docsPage } from "./routes/docs";
import { errorsPageRoutes } from "./routes/errors-page";
import { systemRoutes } from "./routes/system";
import { transactionsRoutes } from "./routes/transactions";
import { checkoutRoutes } from "./routes/checkout";
import { cardsRoutes } from "./routes/cards";
import { threedsRoutes } from "./routes/threeds";
import { threedsPages } from "./routes/threeds-pages";
import { threedsLivePages } from "./routes/threeds-live-pages";
import { eventsRoutes } from "./routes/events";
import { notificationSettingsRoutes } from "./routes/notification-settings";
import { webhooksRoutes } from "./routes/webhooks";
import { feePlansRoutes } from "./routes/fee-plans";
import { paymentsConfigRoutes } from "./routes/payments-config";
import { settlementsRoutes } from "./routes/settlements";
import { dashboardsRoutes } from "./routes/dashboards";
import { sellerSettingsRoutes } from "./routes/seller-settings";
import { sellersRoutes } from "./routes/sellers";
import { teamRoutes } from "./routes/team";
import { paymentLinksRoutes } from "./routes/payment-links";
import { subscriptionPlansRoutes } from "./routes/subscription-plans";
import { linkPageRoutes } from "./routes/link-page";
import { dashboardPageRoutes } from "./routes/dashboard-page";
import { checkoutSessionsRoutes } from "./routes/checkout-sessions";
import { subscriptionsRoutes } from "./routes/subscriptions";
import { testClocksRoutes } from "./routes/test-clocks";
import { dashboardAuditRoutes } from "./routes/dashboard-audit";
import { dashboardLinksRoutes } from "./routes/dashboard-links";
import { dashboardSubscriptionsRoutes } from "./routes/dashboard-subscriptions";
import { dashboardReportsRoutes } from "./routes/dashboard-reports";
import { dashboardPayoutsRoutes } from "./routes/dashboard-payouts";
import { dashboardSellersRoutes } from "./routes/dashboard-sellers";
import { dashboardDevelopersRoutes } from "./routes/dashboard-developers";
import { dashboardTeamRoutes } from "./routes/dashboard-team";
import { dashboardWebhooksRoutes } from "./routes/dashboard-webhooks";
import { dashboardAuthRoutes } from "./routes/dashboard-auth";
import { dashboardPaymentsRoutes } from "./routes/dashboard-payments";
import { liveModeGate, sameOriginChanges, signedIn } from "./http/dashboard-session";

/** The OpenAPI document's fixed parts (paths and schemas come from the routes). */
export const OPENAPI_INFO = {
  openapi: "3.1.0",
  info: {
    title: "Pay API",
    version: "1.0.0",
    // The repository's LICENSE; `identifier` is the SPDX id OpenAPI 3.1 reads instead of a URL.
    license: { name: "Apache-2.0", identifier: "Apache-2.0" },
    description:
      "The /v1 API of Pay, an open-source payment gateway: PIX charges with dynamic BR Codes and card payments after 3DS " +
      "(the service's own 3DS server), refunds, buyers and a card vault; payment links, with a public checkout a buyer pays " +
      "without an account; a company's sub-sellers with their fee plans, settlements, chargebacks and dashboards; and " +
      "signed webhooks with an events feed. Creation is idempotent (`Idempotency-Key`). A test key (`sk_test_…`) sees only " +
      "test data and may call the sandbox routes. Errors are application/problem+json (RFC 9457) with a stable `code`.",
  },
  tags: [
    {
      name: "Transactions",
      description:
        "PIX charges with a dynamic BR Code, and credit or debit card payments after 3DS: create (idempotent), list, read, " +
        "cancel, refund. A card charge left to the buyer's browser (`pendingAction`) is confirmed once its 3DS is done. A key " +
        "sees only its own mode's transactions (test or live).",
    },
    {
      name: "Webhooks",
      description:
        "Signed HTTP notifications of a seller's events, at least once: registration, notification settings, delivery history, " +
        "tests, retries and replays; and the events feed (`GET /v1/events`) to poll instead.",
    },
    {
      name: "Cards",
      description: "The card vault: tokenize a buyer's card for reuse. Numbers are stored only encrypted; security codes never.",
    },
    {
      name: "3DS",
      description:
        "The service's own 3DS server (sandbox ACS): setup, authenticate, challenge-result. Browser-safe with a publishable key for a pendingAction transaction.",
    },
    {
      name: "Sellers",
      description:
        "A company's sub-sellers: creation (the sub-seller's secret key is shown once), reads, the KYC status machine, and each seller's team.",
    },
    { name: "Fee plans", description: "A company's fee plans: what its sub-sellers pay per method, and the platform's share of it." },
    { name: "Settlements", description: "Payouts of a seller's net, on a documented schedule, and the chargebacks that reduce them." },
    { name: "Dashboards", description: "A company's commissions over its sub-sellers, and one seller's overview for charts." },
    {
      name: "Payment links",
      description:
        "Shareable checkouts a buyer pays without an account: the seller's links (secret key), their public read, and the checkout " +
        "sessions a buyer opens and pays with no key. maxUses is never oversold: a pending charge holds its use.",
    },
    { name: "Subscriptions", description: "Recurring billing: a seller's plans (amount, interval, methods), archived when they take no new subscribers." },
    { name: "Payments config", description: "What a seller's checkout needs to know for a currency: enabled, provider, region, publishable key." },
    { name: "Buyers", description: "The seller's buyers, reusable in transactions by `buyerId`. Documents come back masked." },
    {
      name: "Sandbox",
      description:
        "Test mode only: what the outside world would do (a buyer paying, a KYC decision, a settlement day, a chargeback). A live key gets 404.",
    },
    { name: "PIX", description: "Public PIX URLs, no key: the payload a bank app reads through the QR code, the QR image, and the keys that sign the payload." },
    { name: "System", description: "Operational routes without a key: health." },
  ],
};

/** Creates the app for a platform. */
export function createApp(platform: Platform) {
  // RegExpRouter for all but the few routes it refuses (http/router.ts).
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook, router: new SplitRouter() });

  app.use("*", async (c, next) => {
    c.set("platform", platform);
    await next();
  });
  // Each route's access declaration (http/access.ts) says which paths are capabilities (never
  // logged), which pages set their own framing headers, who may call each /v1 route and with CORS.
  app.use("*", requestLog());
  const secure = secureHeaders({ crossOriginResourcePolicy: false });
  app.use("*", async (c, next) => {
    if (requestAccess(c)?.framable) return next();
    await secure(c, next);
    // One framing policy: a page whose own CSP lets no one frame it (the payment link's page, the
    // dashboard, the errors page) says the same to browsers that read only X-Frame-Options.
    if (c.res.headers.get("content-security-policy")?.includes("frame-ancestors 'none'")) c.res.headers.set("X-Frame-Options", "DENY");
  });
  app.use("/v1/*", noStore);
  app.use("/v1/*", browserCors);
  // Who is calling is settled before any body is read: a stranger gets 401, never a parse.
  app.use("/v1/*", authenticate);
  app.use("/v1/*", rateLimit);
  // Only a request some route will answer has its body checked: a method the path lacks (a PUT or
  // PATCH where there is none) is the 405 with Allow of notFound below, whatever its body.
  app.use("/v1/*", (c, next) => (requestAccess(c) ? guardJsonBody(c, next) : next()));
  // The dashboard's API: its own session cookie (never a key), changes only from its own origin.
  app.use("/dashboard/api/*", noStore);
  app.use("/dashboard/api/*", sameOriginChanges);
  app.use("/dashboard/api/*", (c, next) => (requestAccess(c)?.caller === "member" ? signedIn(c, next) : next()));
  app.use("/dashboard/api/*", limitDashboardMember);
  // Live mode only for a member with live access, and no live change for a seller not approved for live.
  app.use("/dashboard/api/*", (c, next) => (requestAccess(c)?.caller === "member" ? liveModeGate(c, next) : next()));
  app.use("/dashboard/api/*", (c, next) => (requestAccess(c) ? guardJsonBody(c, next) : next()));

  app.route("/", systemRoutes);
  app.route("/", buyersRoutes);
  app.route("/", transactionsRoutes);
  app.route("/", checkoutRoutes);
  app.route("/", refundsRoutes);
  app.route("/", sandboxRoutes);
  app.route("/", sandboxPixAutomaticoChargeRoutes);
  app.route("/", pixPublicRoutes);
  app.route("/", pixPspCallbackRoutes);
  app.route("/", pixAutomaticoCallbackRoutes);
  app.route("/", sandboxPixAutomaticoRoutes);
  app.route("/", cieloNotificationRoutes);
  app.route("/", webhooksRoutes);
  app.route("/", notificationSettingsRoutes);
  app.route("/", eventsRoutes);
  app.route("/", cardsRoutes);
  app.route("/", threedsRoutes);
  app.route("/", threedsPages);
  app.route("/", threedsLivePages);
  app.route("/", sellersRoutes);
  app.route("/", sellerSettingsRoutes);
  app.route("/", teamRoutes);
  app.route("/", feePlansRoutes);
  app.route("/", settlementsRoutes);
  app.route("/", dashboardsRoutes);
  app.route("/", paymentsConfigRoutes);
  app.route("/", paymentLinksRoutes);
  app.route("/", subscriptionPlansRoutes);
  app.route("/", subscriptionsRoutes);
  app.route("/", testClocksRoutes);
  app.route("/", checkoutSessionsRoutes);
  app.route("/", linkPageRoutes);
  app.route("/", dashboardPageRoutes);
  app.route("/", dashboardAuthRoutes);
  app.route("/", dashboardPaymentsRoutes);
  app.route("/", dashboardDevelopersRoutes);
  app.route("/", dashboardWebhooksRoutes);
  app.route("/", dashboardTeamRoutes);
  app.route("/", dashboardAuditRoutes);
  app.route("/", dashboardLinksRoutes);
  app.route("/", dashboardSubscriptionsRoutes);
  app.route("/", dashboardReportsRoutes);
  app.route("/", dashboardPayoutsRoutes);
  app.route("/", dashboardSellersRoutes);

  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKeyHeader", {
    type: "apiKey",
    in: "header",
    name: "X-Api-Key",
    description: "Your secret key (sk_test_… or sk_live_…).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKeyAuthorization", {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description: "The same key as `Authorization: ApiKey <key>`.",
  });
  // The generated document, with request bodies' defaults in words (lib/openapi-document.ts).
  const openApiDocument = (extra: { servers?: Array<{ url: string }> } = {}) => requestDefaultsInWords(app.getOpenAPI31Document({ ...OPENAPI_INFO, ...extra }));
  app.get(declarePage("GET", "/openapi.json", { caller: "public" }), (c) => c.json(openApiDocument({ servers: [{ url: c.get("platform").config.baseUrl }] })));
  app.get(declarePage("GET", "/docs", { caller: "public" }), docsPage(() => openApiDocument()));
  // Every problem's `type` links here: {base}/docs/errors#CODE.
  app.route("/", errorsPageRoutes);

  // Read at the first miss, when every route is registered: a known path with another method is a 405.
  app.notFound(notFoundHandler(() => app.routes));
  app.onError(onError);
  return app;
}

/** The app's type, for tests and typed clients. */
export type App = ReturnType<typeof createApp>;
