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
  }
}

export {};
