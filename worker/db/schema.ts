/**
 * The drizzle schema: the one source of the tables. `npm run db:generate` turns changes here into
 * SQL under migrations/. Timestamps are ISO 8601 UTC text (sortable, readable in any SQL shell);
 * money is integer minor units.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PAYMENT_METHODS, REFUND_STATUSES, TRANSACTION_STATUSES } from "../../shared/payments";

export { PAYMENT_METHODS, REFUND_STATUSES, TRANSACTION_STATUSES };
export type { PaymentMethod, RefundStatus, TransactionStatus } from "../../shared/payments";

/**
 * A fee plan: what the platform charges a seller per payment method. Rates live in
 * `fee_plan_rates`; the default plan (`DEFAULT_FEE_PLAN_ID`) is seeded by migration 0001.
 */
export const feePlans = sqliteTable("fee_plans", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: text("created_at").notNull(),
});

/** One payment method's price in a plan: `percentBps` basis points of the amount + `fixedAmount` minor units. */
export const feePlanRates = sqliteTable(
  "fee_plan_rates",
  {
    feePlanId: text("fee_plan_id")
      .notNull()
      .references(() => feePlans.id),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    percentBps: integer("percent_bps").notNull(),
    fixedAmount: integer("fixed_amount").notNull(),
  },
  (t) => [primaryKey({ columns: [t.feePlanId, t.paymentMethod] })],
);

/** A seller: a company (parentId null) or a sub-seller of one. */
export const sellers = sqliteTable(
  "sellers",
  {
    id: text("id").primaryKey(),
    parentId: text("parent_id").references((): any => sellers.id),
    legalName: text("legal_name").notNull(),
    fantasyName: text("fantasy_name"),
    documentType: text("document_type", { enum: ["CPF", "CNPJ"] }),
    documentNumber: text("document_number"),
    email: text("email").notNull(),
    status: text("status", { enum: ["DRAFT", "PENDING", "ACTIVE", "SUSPENDED", "BLOCKED"] }).notNull(),
    /** The plan that prices this seller's payments (null only for rows older than migration 0001). */
    feePlanId: text("fee_plan_id").references(() => feePlans.id),
    /** The merchant city a PIX BR Code names; null until sellers have an address. */
    city: text("city"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("sellers_parent_idx").on(t.parentId)],
);

/**
 * API keys. Only the SHA-256 of a key is stored; `prefix` (the first characters) lets an operator
 * tell keys apart in logs and dashboards without being able to use them.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    kind: text("kind", { enum: ["secret", "publishable"] }).notNull(),
    mode: text("mode", { enum: ["test", "live"] }).notNull(),
    prefix: text("prefix").notNull(),
    hash: text("hash").notNull(),
    createdAt: text("created_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.hash), index("api_keys_seller_idx").on(t.sellerId)],
);

/** The postal address of a buyer, kept as one JSON column: it is always read and written whole. */
export interface AddressRow {
  street: string;
  number: string;
  complement?: string | null;
  neighborhood: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/** Buyers belong to the seller that created them. `documentNumber` holds digits only. */
export const buyers = sqliteTable(
  "buyers",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    /** Created with a live key (true) or a test key (false); the other mode never sees it. */
    livemode: integer("livemode", { mode: "boolean" }).notNull().default(false),
    name: text("name").notNull(),
    documentType: text("document_type", { enum: ["CPF", "CNPJ"] }).notNull(),
    documentNumber: text("document_number").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: text("address", { mode: "json" }).$type<AddressRow>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("buyers_seller_idx").on(t.sellerId, t.livemode, t.createdAt)],
);

/** Key/value facts about this installation (e.g. which seller the first start created). */
export const installation = sqliteTable("installation", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
});

/** A transaction's customer, copied from the buyer (or the inline `buyer`) when it is created. */
export interface CustomerRow {
  name: string;
  email: string | null;
  documentType: "CPF" | "CNPJ";
  /** Digits only: masked in every response. */
  documentNumber: string;
  phone: string | null;
  address: Omit<AddressRow, "state"> & { state?: string | null } | null;
}

/**
 * Payments. The customer and the fee rates are snapshots taken at creation, so a later change to
 * the buyer or the seller's plan never rewrites a charge. `revision` changes on every update and
 * lets a batch's later statements (the event row) apply only when its own update did.
 */
export const transactions = sqliteTable(
  "transactions",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    status: text("status", { enum: TRANSACTION_STATUSES }).notNull(),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    description: text("description"),
    buyerId: text("buyer_id").references(() => buyers.id),
    customer: text("customer", { mode: "json" }).$type<CustomerRow>().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** PIX: the random id in the location URL and the QR image URL (unguessable). */
    pixLocationId: text("pix_location_id"),
    /** PIX: the BCB txid (32 alphanumerics). */
    pixTxid: text("pix_txid"),
    /** PIX: the BR Code (copy-and-paste payload). */
    pixQrCode: text("pix_qr_code"),
    expiresAt: text("expires_at"),
    feePlanId: text("fee_plan_id").references(() => feePlans.id),
    feePercentBps: integer("fee_percent_bps").notNull(),
    feeFixedAmount: integer("fee_fixed_amount").notNull(),
    feeAmount: integer("fee_amount"),
    netAmount: integer("net_amount"),
    paidAt: text("paid_at"),
    cancelledAt: text("cancelled_at"),
    cancellationReason: text("cancellation_reason", { enum: ["REQUESTED", "EXPIRED"] }),
    revision: text("revision").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("transactions_seller_idx").on(t.sellerId, t.livemode, t.createdAt, t.id),
    index("transactions_seller_status_idx").on(t.sellerId, t.livemode, t.status, t.createdAt),
    index("transactions_expiry_idx").on(t.status, t.expiresAt),
    uniqueIndex("transactions_pix_location_idx").on(t.pixLocationId),
    uniqueIndex("transactions_pix_txid_idx").on(t.pixTxid),
  ],
);

/** Refunds of a transaction; the sum of the non-FAILED ones never exceeds its amount. */
export const refunds = sqliteTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => transactions.id),
    amount: integer("amount").notNull(),
    originalAmount: integer("original_amount").notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull(),
    failureReason: text("failure_reason"),
    requestedAt: text("requested_at").notNull(),
    completedAt: text("completed_at"),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("refunds_transaction_idx").on(t.transactionId, t.requestedAt), index("refunds_status_idx").on(t.status, t.requestedAt)],
);

/** The outbox: one row per event, written in the same batch as the change that caused it. */
export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    type: text("type").notNull(),
    occurredAt: text("occurred_at").notNull(),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("events_seller_idx").on(t.sellerId, t.occurredAt)],
);

/**
 * Idempotency keys, per seller and mode, kept 24 h. A row is claimed (IN_PROGRESS, with a random
 * `token`) before the work starts and completed with the response in the work's own batch.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    key: text("key").notNull(),
    operation: text("operation").notNull(),
    token: text("token").notNull(),
    requestHash: text("request_hash").notNull(),
    requestBody: text("request_body").notNull(),
    status: text("status", { enum: ["IN_PROGRESS", "COMPLETED"] }).notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.livemode, t.key] }), index("idempotency_keys_expiry_idx").on(t.expiresAt)],
);
