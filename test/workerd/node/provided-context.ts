/**
 * What global-setup.ts (in Node) hands to the workerd tests and to the pool's options
 * with `provide`, typed for `inject`.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** The local libSQL server's URL: the Worker's TURSO_DATABASE_URL. */
    libsqlUrl: string;
    /** The seller's secret key and id. */
    apiKey: string;
    sellerId: string;
    vaultKey: string;
    /** PIX_SIGNING_JWK as the Worker receives it: JSON text. */
    pixSigningJwk: string;
    baseUrl: string;
    /** GET /openapi.json from the Node host's app, as JSON text. */
    nodeOpenApi: string;
    /** A loopback webhook receiver (test/support/webhook-receiver.ts); GET /__received lists what it got. */
    webhookReceiverUrl: string;
    /**
     * The PSP simulator (worker/connectors/bcb-pix/simulator/server.ts): the API Pix base and its
     * token URL, the OAuth2 client, the platform's DICT key there (the Worker's PIX_PSP_* and
     * PIX_RECEIVER_KEY), and its control API (`{pspControlUrl}/received`, `/cob/{txid}/pay`…).
     */
    pspUrl: string;
    pspTokenUrl: string;
    pspClientId: string;
    pspClientSecret: string;
    pspReceiverKey: string;
    pspControlUrl: string;
    /** A loopback receiver (test/support/webhook-receiver.ts) where the PSP's callbacks land. */
    pspCallbackOrigin: string;
    /** The card simulators' variables for the Worker (worker/cli/card-simulators.ts), as JSON text. */
    cardSimsEnv: string;
    /** Their control URLs (`{cybersource, cielo, rede}` → `…/__sim`) and Cardinal's origin, as JSON text. */
    cardSimControls: string;
  }
}

export {};
