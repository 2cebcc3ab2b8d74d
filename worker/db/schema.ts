/**
 * The drizzle schema: the one source of the tables. `npm run db:generate` turns changes here into
 * SQL under migrations/. Timestamps are ISO 8601 UTC text (sortable, readable in any SQL shell);
 * money is integer minor units.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DELIVERY_STATUSES } from "../../shared/events";
import { PAYMENT_LINK_STATUSES, PAYMENT_METHODS, REFUND_STATUSES, TRANSACTION_STATUSES } from "../../shared/payments";
import {
  AUTHORIZATION_JOURNEYS,
  BILLING_INTERVALS,
  CHARGE_INSTRUCTION_STATUSES,
  INVOICE_STATUSES,
  PLAN_STATUSES,
  RECURRENCE_CANCELLERS,
  RECURRENCE_PERIODICITIES,
  RECURRENCE_RETRY_POLICIES,
  RECURRENCE_STATUSES,
  SANDBOX_CHARGE_OUTCOMES,
  SUBSCRIPTION_PAYMENT_METHODS,
  SUBSCRIPTION_STATUSES,
} from "../../shared/subscriptions";
import type { PaymentMethod } from "../../shared/payments";

export { PAYMENT_METHODS, REFUND_STATUSES, TRANSACTION_STATUSES };
export type { PaymentMethod, RefundStatus, TransactionStatus } from "../../shared/payments";

/**
 * A fee plan: what the platform charges a seller per payment method. Rates live in
 * `fee_plan_rates`; the default plan (`DEFAULT_FEE_PLAN_ID`) is seeded by migration 0001.
 */
export const feePlans = sqliteTable(
  "fee_plans",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** The company that created the plan (POST /v1/fee-plans); null for the platform's default plan. */
    ownerSellerId: text("owner_seller_id"),
    /** The mode of the key that created it: only sub-sellers of that mode go on it. Null: both (the default plan, older plans). */
    livemode: integer("livemode", { mode: "boolean" }),
    /** The platform's share of every fee charged under this plan, in basis points of the fee. */
    platformShareBps: integer("platform_share_bps").notNull().default(0),
    /**
     * CREDIT_CARD only: extra basis points by installment count (`{"2": 150, "12": 900}`); a count
     * not listed has no surcharge. Added to the card rate's `percentBps` when a sale is priced.
     */
    installmentSurchargesBps: text("installment_surcharges_bps", { mode: "json" }).$type<Record<string, number>>(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("fee_plans_owner_idx").on(t.ownerSellerId, t.createdAt, t.id)],
);

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
/** Where a seller stands (domain/sub-sellers/status.ts holds its machine). */
export const SELLER_STATUSES = ["DRAFT", "PENDING", "ACTIVE", "SUSPENDED", "BLOCKED"] as const;

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
    status: text("status", { enum: SELLER_STATUSES }).notNull(),
    /** The plan that prices this seller's payments (null only for rows older than migration 0001). */
    feePlanId: text("fee_plan_id").references(() => feePlans.id),
    /** The merchant city a PIX BR Code names; a seller without one cannot charge by PIX. */
    city: text("city"),
    /**
     * The DICT key (EVP, CNPJ, CPF, e-mail or phone) of the account that receives this seller's
     * PIX; null falls back to the installation's PIX_RECEIVER_KEY (docs/pix.md).
     */
    pixKey: text("pix_key"),
    /** Sub-sellers: the document as every response shows it (masked); the full one is in `pii`. */
    documentMasked: text("document_masked"),
    /** Sub-sellers: the sealed SellerPersonalData (document, address, bank account). */
    pii: text("pii"),
    /** The methods this seller may charge; null (company sellers) means every method its plan prices. */
    paymentMethods: text("payment_methods", { mode: "json" }).$type<PaymentMethod[]>(),
    /** Sub-sellers: mcc, cnae, businessType, websiteUrl as sent (not personal data). */
    businessInfo: text("business_info", { mode: "json" }).$type<BusinessInfoRow>(),
    /**
     * A sub-seller's mode: created by its company's test key (false) or live key (true), it
     * exists only in that mode (domain/scope.ts). Null for companies, which hold keys of both.
     */
    livemode: integer("livemode", { mode: "boolean" }),
    /**
     * When this seller was approved for live mode: a company by the platform's operator
     * (`npm run admin -- seller:approve-live`), a live sub-seller by its live KYC decision. Null:
     * test only. No live key and no live object exists for a seller without it (docs/sellers.md).
     */
    liveApprovedAt: text("live_approved_at"),
    /** When the status last changed, and why (a KYC decision, a suspension). */
    statusChangedAt: text("status_changed_at"),
    statusReason: text("status_reason"),
    /**
     * The IANA time zone whose days the seller's dashboards count in (docs/dashboards.md); null
     * is the default, America/Sao_Paulo (domain/time-zone.ts).
     */
    timeZone: text("time_zone"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("sellers_parent_idx").on(t.parentId, t.createdAt, t.id)],
);

/** A sub-seller's business information, as sent at creation. */
export interface BusinessInfoRow {
  mcc?: string;
  cnae?: string;
  businessType?: string;
  websiteUrl?: string;
}

/** A sub-seller's bank account, sealed with its document and address in `sellers.pii`. */
export interface BankAccountRow {
  bankCode: string;
  agencyNumber: string;
  accountNumber: string;
  accountDigit?: string | null;
  accountType: "CHECKING" | "SAVINGS" | "PAYMENT";
  pixKey?: string | null;
  pixKeyType?: "CPF" | "CNPJ" | "EMAIL" | "PHONE" | "EVP" | null;
  transferType: "PIX" | "TED";
  accountHolderName: string;
  accountHolderDocument: string;
}

/** What `sellers.pii` seals for a sub-seller. */
export interface SellerPersonalData {
  documentNumber: string;
  address: AddressRow;
  bankAccount: BankAccountRow;
}

/** The people who use a seller's dashboard, with one profile each; the seller's creator is its OWNER. */
export const teamMembers = sqliteTable(
  "team_members",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    profile: text("profile", { enum: ["OWNER", "ADMIN", "FINANCE", "OPERATION"] }).notNull(),
    /** INVITED until the first sign-in, then ACTIVE; DISABLED keeps the row for the audit trail. */
    status: text("status", { enum: ["INVITED", "ACTIVE", "DISABLED"] }).notNull(),
    /**
     * May act in live mode in the dashboard. Only a live authority grants it (a live secret key,
     * the operator, a member who has it); a member invited by a test key is test-only (docs/dashboard.md).
     */
    liveAccess: integer("live_access", { mode: "boolean" }).notNull().default(false),
    lastAccessAt: text("last_access_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("team_members_seller_email_idx").on(t.sellerId, t.email), index("team_members_seller_idx").on(t.sellerId, t.createdAt, t.id)],
);

/**
 * A payout to a seller: the net of its transactions due on one day (docs/settlements.md), less the
 * refunds and chargebacks not yet settled. SCHEDULED when computed, PAID when the transfer is made.
 */
export const settlements = sqliteTable(
  "settlements",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    status: text("status", { enum: ["SCHEDULED", "PAID"] }).notNull(),
    currency: text("currency").notNull(),
    /** The day (YYYY-MM-DD, UTC) the settlement is due. */
    dueDate: text("due_date").notNull(),
    transactionCount: integer("transaction_count").notNull(),
    grossAmount: integer("gross_amount").notNull(),
    feeAmount: integer("fee_amount").notNull(),
    refundedAmount: integer("refunded_amount").notNull(),
    chargebackAmount: integer("chargeback_amount").notNull(),
    /** gross − fee − refunded − chargeback: what is transferred (negative: a debit the seller owes). */
    netAmount: integer("net_amount").notNull(),
    paidAt: text("paid_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("settlements_seller_idx").on(t.sellerId, t.livemode, t.createdAt, t.id), index("settlements_due_idx").on(t.status, t.dueDate)],
);

/** A chargeback (or pre-chargeback alert) on a PAID card transaction. */
export const chargebacks = sqliteTable(
  "chargebacks",
  {
    id: text("id").primaryKey(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => transactions.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    reasonCode: text("reason_code").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["OPEN", "WON", "LOST"] }).notNull(),
    /** The settlement that deducted it (null until one does). */
    settlementId: text("settlement_id"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("chargebacks_seller_idx").on(t.sellerId, t.livemode, t.createdAt, t.id),
    index("chargebacks_transaction_idx").on(t.transactionId),
    // The settlement sweep finds chargebacks not yet deducted.
    index("chargebacks_unsettled_idx").on(t.sellerId).where(sql`${t.settlementId} is null`),
  ],
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
    /** Publishable keys only: the key itself, which is public by design (pendingAction shows it). */
    publicKey: text("public_key"),
    createdAt: text("created_at").notNull(),
    revokedAt: text("revoked_at"),
    /**
     * A rolled key's last moment (docs/dashboard.md, "Rolling a key"): it keeps working until
     * then, beside its successor. Null: no end set.
     */
    expiresAt: text("expires_at"),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.hash), index("api_keys_seller_idx").on(t.sellerId)],
);

/** A card transaction's pendingAction, as stored and shown (the spec's fields). */
export interface PendingActionRow {
  clientSecret: string;
  nextActionType: "challenge" | "redirect";
  provider: string;
  publishableKey: string | null;
}

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

/**
 * The personal data of a buyer or a transaction's customer that the API does not show in full,
 * sealed by the vault (`lib/vault.ts`) as one JSON document.
 */
export interface PersonalData {
  /** Digits (or the 2026 alphanumeric CNPJ), unmasked; null for a payment link's buyer who gave none. */
  documentNumber: string | null;
  phone: string | null;
  address: AddressRow | CustomerRow["address"] | null;
}

/**
 * Buyers belong to the seller that created them. The document, phone and address are sealed in
 * `pii`; `documentMasked` is what every response shows, kept in clear so reads need no decryption.
 */
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
    documentMasked: text("document_masked").notNull(),
    email: text("email").notNull(),
    /** The sealed PersonalData (a legacy row holds it as clear JSON until the sweep seals it). */
    pii: text("pii").notNull(),
    /**
     * The document's blind index (transactions/search-keys.ts): a keyed digest of its digits, copied to
     * the buyer's transactions so support finds them by CPF/CNPJ. Null until written or backfilled.
     */
    documentDigest: text("document_digest"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("buyers_seller_idx").on(t.sellerId, t.livemode, t.createdAt, t.id),
    // Buyers written before migration 0022, for the search-index backfill.
    index("buyers_unindexed_idx").on(t.id).where(sql`${t.documentDigest} is null`),
    index("buyers_unsealed_idx").on(t.id).where(sql`${t.pii} not like 'v1.%'`),
  ],
);

/** Key/value facts about this installation (e.g. which seller the first start created). */
export const installation = sqliteTable("installation", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
});

/**
 * A transaction's customer as shown, copied from the buyer (or the inline `buyer`) when it is
 * created; the rest (document, phone, address) is sealed in `customerPii`.
 */
export interface CustomerRow {
  name: string;
  email: string | null;
  /** Null only for a payment link's buyer who gave no document (the link did not require one). */
  documentType: "CPF" | "CNPJ" | null;
  /** The masked document, as every response shows it. */
  document: string | null;
  /** Only inside the sealed PersonalData. */
  address?: (Omit<AddressRow, "state"> & { state?: string | null }) | null;
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
    /** The customer's sealed PersonalData (clear JSON on a legacy row until the sweep seals it). */
    customerPii: text("customer_pii").notNull(),
    /**
     * The dashboard's search keys (transactions/search-keys.ts): the customer's name lower-cased and
     * without accents, found by prefix; and the blind index of the document (a keyed digest of its
     * digits, per seller), found by equality, never by opening `customerPii`. Null name: a row
     * written before migration 0022, until the search-index backfill reaches it.
     */
    customerNameSearch: text("customer_name_search"),
    customerDocumentDigest: text("customer_document_digest"),
    idempotencyKey: text("idempotency_key").notNull(),
    /** PIX: the random id in the location URL and the QR image URL (unguessable). */
    pixLocationId: text("pix_location_id"),
    /** PIX: the BCB txid (32 random alphanumerics: unique without an index, see below). */
    pixTxid: text("pix_txid"),
    /**
     * The PIX's end-to-end id (E2E id, API Pix `endToEndId`) once a live charge is paid through the
     * PSP: what a bank's support asks for, and what a devolução names.
     */
    pixEndToEndId: text("pix_end_to_end_id"),
    /** PIX: the BR Code (copy-and-paste payload). */
    pixQrCode: text("pix_qr_code"),
    /** PIX: the receiving DICT key in force when the charge was created (the JWS `chave`). */
    pixKey: text("pix_key"),
    expiresAt: text("expires_at"),
    feePlanId: text("fee_plan_id").references(() => feePlans.id),
    feePercentBps: integer("fee_percent_bps").notNull(),
    feeFixedAmount: integer("fee_fixed_amount").notNull(),
    feeAmount: integer("fee_amount"),
    netAmount: integer("net_amount"),
    paidAt: text("paid_at"),
    cancelledAt: text("cancelled_at"),
    cancellationReason: text("cancellation_reason", { enum: ["REQUESTED", "EXPIRED"] }),
    /** Cards: the vaulted card (cards.id) the sale used, and what the API shows of it. */
    cardId: text("card_id"),
    cardBrand: text("card_brand"),
    cardBin: text("card_bin"),
    cardLast4: text("card_last4"),
    /** Cards: the token returned to the caller when the card was tokenized for reuse. */
    cardToken: text("card_token"),
    /** CREDIT_CARD: 1 to 21. */
    installments: integer("installments"),
    /**
     * CREDIT_CARD pendingAction: the most installments the buyer may choose at confirm, set by the
     * seller's server at creation (default: `installments`). Null for other methods and older rows.
     */
    maxInstallments: integer("max_installments"),
    /** Cards: the acquirer that processed the sale (smart routing; docs/cards.md). */
    acquirer: text("acquirer"),
    /** A live card sale: the acquirer's own id of it (Cielo's PaymentId, Rede's tid), which its refunds name. */
    acquirerReference: text("acquirer_reference"),
    /** An approved card sale: the issuer's authorization code, as the acquirer answered it (what a cardholder's bank asks for). */
    authorizationCode: text("authorization_code"),
    /**
     * A card decline the issuer said no retry will change (lost, stolen, closed, invalid): a
     * subscription's later attempts do not send the same card again (subscriptions/attempt.ts).
     */
    declineHard: integer("decline_hard", { mode: "boolean" }),
    /** FAILED: why (a decline code of docs/test-cards.json) and a sentence for people. */
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    /** The anti-fraud session string, sealed; never shown. */
    seonSession: text("seon_session"),
    /** pendingAction (shown while PENDING): the browser's client secret, publishable key and provider. */
    pendingAction: text("pending_action", { mode: "json" }).$type<PendingActionRow>(),
    /** The 3DS session bound to this transaction (pendingAction flow). */
    threedsSessionId: text("threeds_session_id"),
    /** The settlement that paid this transaction's net to the seller (null until settled). */
    settlementId: text("settlement_id"),
    /**
     * The buyer's browser's capability for this transaction (with the publishable key): read its
     * buyer-safe view, and pay a card pendingAction. Null on rows older than migration 0006.
     */
    clientSecret: text("client_secret"),
    /**
     * A confirm's claim on a PENDING card transaction (confirm-card-transaction.ts): until this
     * moment one request is authorizing it at the acquirer, and no other confirm, cancel or
     * expiry may move it. Null when unclaimed; a lapsed claim (a crashed request) frees it.
     */
    confirmingUntil: text("confirming_until"),
    /** Paid through a payment link: the link, and the checkout session that paid it. */
    paymentLinkId: text("payment_link_id"),
    checkoutSessionId: text("checkout_session_id"),
    /**
     * A link's charge, while it holds a use: keyed digests (vault HMAC, per link) of the client
     * address and of the buyer's document it was created from, which the link's caps on unpaid
     * charges count (payment-links/holds.ts); never the address or the document. Null when unknown,
     * and on charges of links without maxUses.
     */
    linkHoldAddress: text("link_hold_address"),
    linkHoldDocument: text("link_hold_document"),
    /**
     * A link's charge: when the buyer's page or the payer's bank first read it. Until then it holds
     * its use for LINK_UNSEEN_HOLD_SECONDS only; the first look moves `expiresAt` to the full span.
     */
    linkSeenAt: text("link_seen_at"),
    /** A subscription's charge: the subscription and the invoice it pays (docs/subscriptions.md). */
    subscriptionId: text("subscription_id"),
    invoiceId: text("invoice_id"),
    /**
     * Who started the payment: CUSTOMER (the buyer, present: 3DS applies) or MERCHANT (a
     * recurring charge on a stored card, without the buyer, as networks allow after an
     * authenticated first payment). Null on rows older than migration 0012: CUSTOMER.
     */
    initiatedBy: text("initiated_by", { enum: ["CUSTOMER", "MERCHANT"] }),
    /** When the transaction first refused a card for having seen too many (card testing); its event is written then. */
    cardAttemptsExceededAt: text("card_attempts_exceeded_at"),
    /** PIX with a due date (cobv): the due date (YYYY-MM-DD, Brasília) and the days it stays payable after it. */
    pixDueDate: text("pix_due_date"),
    pixDaysAfterDue: integer("pix_days_after_due"),
    revision: text("revision").notNull(),
    /**
     * The transaction as the API shows it (serialize.ts), QR URLs relative to the base URL,
     * written with every move so lists send it as it is. Null when unknown (older rows, or a
     * change that did not render it: a trigger of migration 0003 clears it whenever the revision
     * moves without it); lists then render it in SQL (render-sql.ts).
     */
    view: text("view"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("transactions_seller_idx").on(t.sellerId, t.livemode, t.createdAt, t.id),
    index("transactions_seller_status_idx").on(t.sellerId, t.livemode, t.status, t.createdAt, t.id),
    index("transactions_expiry_idx").on(t.status, t.expiresAt),
    // The settlement sweep and the dashboards find paid transactions not yet settled.
    index("transactions_unsettled_idx").on(t.sellerId, t.paidAt).where(sql`${t.settlementId} is null and ${t.paidAt} is not null`),
    // A settlement's transactions, a page at a time (the dashboard's payout page).
    index("transactions_settlement_idx").on(t.settlementId, t.createdAt, t.id).where(sql`${t.settlementId} is not null`),
    index("transactions_unsealed_idx").on(t.id).where(sql`${t.customerPii} not like 'v1.%'`),
    uniqueIndex("transactions_pix_location_idx").on(t.pixLocationId),
    // A link's charges for ?paymentLinkId= lists; its pending and paid ones, counted index-only
    // for its room and uses (payment-links/room.ts).
    index("transactions_payment_link_idx").on(t.paymentLinkId, t.createdAt, t.id).where(sql`${t.paymentLinkId} is not null`),
    // The pending ones by client address too: a link's cap per address counts them index-only
    // (payment-links/holds.ts), and so does its room, on the index's first column.
    index("transactions_link_pending_idx").on(t.paymentLinkId, t.linkHoldAddress).where(sql`${t.paymentLinkId} is not null and ${t.status} = 'PENDING'`),
    index("transactions_link_pending_document_idx")
      .on(t.paymentLinkId, t.linkHoldDocument)
      .where(sql`${t.paymentLinkId} is not null and ${t.status} = 'PENDING' and ${t.linkHoldDocument} is not null`),
    index("transactions_link_paid_idx").on(t.paymentLinkId, t.paidAt).where(sql`${t.paymentLinkId} is not null and ${t.paidAt} is not null`),
    index("transactions_invoice_idx").on(t.invoiceId).where(sql`${t.invoiceId} is not null`),
    // A card acquirer's notification names its sale by the acquirer's id (Cielo's PaymentId).
    index("transactions_acquirer_reference_idx").on(t.acquirerReference).where(sql`${t.acquirerReference} is not null`),
    // A live charge is found by its txid when the PSP notifies or reconciliation lists it (a test
    // charge never is: no PSP knows it, so test creates pay nothing for this index). The mode is
    // the bare column, not `livemode = 1`: SQLite compares each `livemode = ?` of a statement on
    // this table with a partial index's `livemode = <literal>` and then recompiles that statement
    // whenever the parameter is bound, i.e. on every run of every seller-scoped query (a list
    // page recompiled its 60-line statement each time: 3x its SQL cost; docs/performance.md,
    // issue 33 item 3). A reader of this index says `livemode` bare too (domain/pix/psp-payments.ts).
    index("transactions_live_txid_idx").on(t.pixTxid).where(sql`${t.livemode} and ${t.pixTxid} is not null`),
    // The dashboard's search (docs/dashboard.md): each key an index range within the seller's mode.
    index("transactions_search_name_idx").on(t.sellerId, t.livemode, t.customerNameSearch, t.createdAt, t.id),
    index("transactions_search_document_idx").on(t.sellerId, t.livemode, t.customerDocumentDigest, t.createdAt, t.id).where(sql`${t.customerDocumentDigest} is not null`),
    index("transactions_search_last4_idx").on(t.sellerId, t.livemode, t.cardLast4, t.createdAt, t.id).where(sql`${t.cardLast4} is not null`),
    index("transactions_search_e2e_idx").on(t.sellerId, t.livemode, t.pixEndToEndId, t.createdAt, t.id).where(sql`${t.pixEndToEndId} is not null`),
    // Rows written before migration 0022, for the search-index backfill.
    index("transactions_unindexed_idx").on(t.id).where(sql`${t.customerNameSearch} is null`),
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
    /** Why the seller refunded, in its own words (≤ 200 characters, trimmed); null when none was given. */
    reason: text("reason"),
    requestedAt: text("requested_at").notNull(),
    completedAt: text("completed_at"),
    /** The settlement that deducted this refund (null until one does). */
    settlementId: text("settlement_id"),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("refunds_transaction_idx").on(t.transactionId, t.requestedAt),
    index("refunds_status_idx").on(t.status, t.requestedAt),
    // The settlement sweep finds concluded refunds not yet deducted.
    index("refunds_unsettled_idx").on(t.transactionId).where(sql`${t.settlementId} is null and ${t.status} = 'COMPLETED'`),
  ],
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
    /** A sample sent by POST …/webhooks/{id}/test: its envelope says `test: true`. */
    test: integer("test", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    // The feed (GET /v1/events) reads a seller's events in rowid order: an index on the scope
    // carries the rowid, so it is already in that order.
    index("events_feed_idx").on(t.sellerId, t.livemode),
    // The 30-day purge finds the oldest events by time.
    index("events_occurred_idx").on(t.occurredAt),
  ],
);

/**
 * Idempotency keys, per seller and mode, kept 24 h. A key row is written in the same batch as the
 * resource it created, with the exact response text, so the two exist together or not at all.
 * No request values are kept: `fingerprint` maps each field's JSON path to a keyed digest of its
 * value, enough to name the fields a reused key changed (docs/transactions.md).
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
    /** `{ "<json path>": "<keyed digest>" }`; null on rows written before fingerprints existed. */
    fingerprint: text("fingerprint", { mode: "json" }).$type<Record<string, string>>(),
    status: text("status", { enum: ["IN_PROGRESS", "COMPLETED"] }).notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.livemode, t.key] }), index("idempotency_keys_expiry_idx").on(t.expiresAt)],
);

/**
 * How many transactions a seller has per mode and status, kept by triggers on `transactions`
 * (migration 0003) in the same transaction as every insert and status change, so a list's
 * `totalItems` costs one indexed read whatever the seller's history.
 */
export const transactionCounts = sqliteTable(
  "transaction_counts",
  {
    sellerId: text("seller_id").notNull(),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    status: text("status", { enum: TRANSACTION_STATUSES }).notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.livemode, t.status] })],
);

/** How many buyers a seller has per mode, kept by triggers on `buyers` like transaction_counts. */
export const buyerCounts = sqliteTable(
  "buyer_counts",
  {
    sellerId: text("seller_id").notNull(),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.livemode] })],
);

/** How a card is kept: for reuse by token, stored on file, or for one sale only (pendingAction). */
export const CARD_TYPES = ["TOKENIZED", "STORED", "SINGLE_USE"] as const;

/**
 * The card vault. The PAN is sealed by the vault (AES-256-GCM, key id inside the sealed value,
 * so keys rotate); BIN and last 4 stay clear for display and routing; `fingerprint` is a keyed
 * digest of the PAN, to recognise the same card without opening it. The CVV is never stored.
 * `id` is the card token; a token belongs to one seller, mode and (when given) buyer.
 */
export const cards = sqliteTable(
  "cards",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    buyerId: text("buyer_id").references(() => buyers.id),
    type: text("type", { enum: CARD_TYPES }).notNull(),
    status: text("status", { enum: ["ACTIVE", "INACTIVE"] }).notNull(),
    brand: text("brand").notNull(),
    bin: text("bin").notNull(),
    last4: text("last4").notNull(),
    holderName: text("holder_name"),
    expMonth: text("exp_month").notNull(),
    expYear: text("exp_year").notNull(),
    pan: text("pan").notNull(),
    fingerprint: text("fingerprint").notNull(),
    /**
     * When a payment with this card was first authenticated by 3DS with the buyer present: from
     * then on the card may be charged merchant-initiated (a subscription's renewals). Null: never.
     */
    authenticatedAt: text("authenticated_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("cards_seller_idx").on(t.sellerId, t.livemode, t.fingerprint),
    // The purge of abandoned single-use cards (domain/cards/purge.ts), oldest first.
    index("cards_single_use_idx").on(t.createdAt).where(sql`${t.type} = 'SINGLE_USE' and ${t.status} = 'ACTIVE'`),
  ],
);

/** Where a 3DS session stands (docs/cards.md walks the flow). */
export const THREEDS_STATUSES = ["SETUP", "AUTHENTICATED", "CHALLENGE_REQUIRED", "FAILED"] as const;

/**
 * One run of the sandbox 3DS server: created by setup (`id` is its requestId), completed by
 * authenticate and, for a challenge, the challenge page. An authentication is bound to the card
 * (its fingerprint), the amount, the currency and the seller; its CAVV is kept only as a keyed
 * digest and `usedBy` records the one transaction it paid for.
 */
export const threedsSessions = sqliteTable(
  "threeds_sessions",
  {
    id: text("id").primaryKey(),
    referenceId: text("reference_id").notNull(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    /** pendingAction flow: the transaction the browser is paying. */
    transactionId: text("transaction_id"),
    status: text("status", { enum: THREEDS_STATUSES }).notNull(),
    cardFingerprint: text("card_fingerprint").notNull(),
    brand: text("brand").notNull(),
    /** The card as vaulted for this session (pendingAction flow, or a token that was sent). */
    cardId: text("card_id"),
    /** The acquirer smart routing chose at setup. */
    acquirer: text("acquirer").notNull(),
    authenticationId: text("authentication_id"),
    amount: integer("amount"),
    currency: text("currency"),
    returnUrl: text("return_url"),
    cavvDigest: text("cavv_digest"),
    xid: text("xid"),
    eci: text("eci"),
    dsTransactionId: text("ds_transaction_id"),
    serverTransactionId: text("server_transaction_id"),
    /**
     * A live session: its 3DS server (`cybersource`; null for the sandbox's own), and what that
     * server issued: its referenceId (device data), its authenticationTransactionId (the
     * challenge), the page the browser is sent to next (Cardinal's device-data or step-up URL) with
     * its JWT, the specification version, and the CAVV sealed by the vault until a sale uses it
     * (the sandbox recomputes its own; a live one cannot be).
     */
    provider: text("provider"),
    providerReferenceId: text("provider_reference_id"),
    providerAuthenticationId: text("provider_authentication_id"),
    providerPageUrl: text("provider_page_url"),
    providerToken: text("provider_token"),
    specificationVersion: text("specification_version"),
    cavvSealed: text("cavv_sealed"),
    usedBy: text("used_by"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("threeds_authentication_idx").on(t.authenticationId),
    // The device-data page finds its session by the referenceId in its URL.
    uniqueIndex("threeds_reference_idx").on(t.referenceId),
    uniqueIndex("threeds_cavv_idx").on(t.cavvDigest),
    // A transaction's card attempts, counted at each setup (docs/security.md, card testing).
    index("threeds_transaction_idx").on(t.transactionId, t.cardFingerprint).where(sql`${t.transactionId} is not null`),
  ],
);

/**
 * Webhooks: where a seller's events are POSTed. Per seller and mode (a test key's webhooks hear
 * test events only, as Stripe's endpoints do). `eventTypes` is a JSON array of event types or
 * `["ALL"]`; the secret is sealed by the vault (it is needed to sign, so it cannot be hashed).
 */
export const webhooks = sqliteTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    url: text("url").notNull(),
    eventTypes: text("event_types", { mode: "json" }).$type<string[]>().notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull(),
    description: text("description"),
    secret: text("secret").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("webhooks_seller_idx").on(t.sellerId, t.livemode)],
);

/**
 * The Webhook channel of a seller's notification settings, per event type. A type without a row
 * is enabled (the default); a row records the seller's choice.
 */
export const notificationSettings = sqliteTable(
  "notification_settings",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    /** The settings of each mode are its own: a test key turns off test events only. */
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    eventType: text("event_type").notNull(),
    webhook: integer("webhook", { mode: "boolean" }).notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.livemode, t.eventType] })],
);

export { DELIVERY_STATUSES, type DeliveryStatus } from "../../shared/events";

/**
 * One event to one webhook, written in the same batch as the event. PENDING until a 2xx
 * (DELIVERED), its attempts are spent (FAILED) or its webhook is deleted (CANCELLED). A worker
 * holds `leaseUntil` while it POSTs, so the queue and the sweep never send one attempt twice.
 * `webhookId` is not a foreign key: a deleted webhook's history stays.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id").notNull(),
    sellerId: text("seller_id").notNull(),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull(),
    /** Attempts made so far (never reset: attempt rows are numbered by it). */
    attempts: integer("attempts").notNull(),
    /** Attempts allowed before FAILED: 5, and 5 more each time a FAILED delivery is retried. */
    attemptLimit: integer("attempt_limit").notNull(),
    nextAttemptAt: text("next_attempt_at").notNull(),
    leaseUntil: text("lease_until"),
    lastHttpStatus: integer("last_http_status"),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    completedAt: text("completed_at"),
  },
  (t) => [
    index("webhook_deliveries_seller_idx").on(t.sellerId, t.livemode, t.createdAt, t.id),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.status),
    index("webhook_deliveries_event_idx").on(t.eventId),
  ],
);

/** Every attempt of a delivery: when, how long, what came back (the first 1 KB), or the error. */
export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id),
    attempt: integer("attempt").notNull(),
    startedAt: text("started_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    httpStatus: integer("http_status"),
    error: text("error"),
    responseExcerpt: text("response_excerpt"),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })],
);


/**
 * Payment links: a shareable checkout a buyer pays without an account (docs/payment-links.md).
 * `currentUses` is not stored: it is the count of the link's paid transactions, and the room left
 * under `maxUses` counts its pending ones too, read inside the batch that creates a charge.
 */
export const paymentLinks = sqliteTable(
  "payment_links",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    status: text("status", { enum: PAYMENT_LINK_STATUSES }).notNull(),
    name: text("name").notNull(),
    description: text("description"),
    chargeType: text("charge_type", { enum: ["FIXED", "CUSTOMER_CHOICE"] }).notNull(),
    /** FIXED: the price of one unit (the buyer pays amount × quantity); CUSTOMER_CHOICE: ignored. */
    amount: integer("amount").notNull(),
    minAmount: integer("min_amount"),
    /** CUSTOMER_CHOICE: the most a buyer may pay (null: the API's maximum, MAX_AMOUNT). */
    maxAmount: integer("max_amount"),
    quantity: integer("quantity").notNull(),
    currency: text("currency").notNull(),
    paymentMethods: text("payment_methods", { mode: "json" }).$type<PaymentMethod[]>().notNull(),
    maxInstallments: integer("max_installments"),
    requireCustomerDocument: integer("require_customer_document", { mode: "boolean" }).notNull(),
    successUrl: text("success_url"),
    cancelUrl: text("cancel_url"),
    maxUses: integer("max_uses"),
    expiresAt: text("expires_at"),
    checkoutConfig: text("checkout_config", { mode: "json" }).$type<Record<string, unknown>>(),
    checkoutSessionTtlMinutes: integer("checkout_session_ttl_minutes"),
    checkoutSessionNeverExpires: integer("checkout_session_never_expires", { mode: "boolean" }).notNull(),
    revision: text("revision").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("payment_links_seller_idx").on(t.sellerId, t.livemode, t.createdAt, t.id),
    index("payment_links_seller_status_idx").on(t.sellerId, t.livemode, t.status, t.createdAt, t.id),
    // The expiry sweep: links that can still expire, by when.
    index("payment_links_expiry_idx").on(t.expiresAt).where(sql`${t.status} <> 'EXPIRED' and ${t.expiresAt} is not null`),
  ],
);

/**
 * A buyer's visit to a payment link's checkout: opened without a key, it carries the client
 * secret the buyer's browser pays with. OPEN until its transaction is paid (COMPLETED) or its TTL
 * passes (EXPIRED); `expiresAt` null when the link's sessions never expire.
 */
export const checkoutSessions = sqliteTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    paymentLinkId: text("payment_link_id")
      .notNull()
      .references(() => paymentLinks.id),
    sellerId: text("seller_id").notNull(),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    status: text("status", { enum: ["OPEN", "COMPLETED", "EXPIRED"] }).notNull(),
    clientSecret: text("client_secret").notNull(),
    /** The latest transaction it created. */
    transactionId: text("transaction_id"),
    expiresAt: text("expires_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("checkout_sessions_link_idx").on(t.paymentLinkId, t.createdAt),
    index("checkout_sessions_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'OPEN'`),
  ],
);


/**
 * A test clock: the sandbox's time machine (docs/subscriptions.md). Subscriptions created on it
 * live at its `frozenTime`; an advance runs everything due up to the new time, in order.
 */
export const testClocks = sqliteTable(
  "test_clocks",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    name: text("name"),
    frozenTime: text("frozen_time").notNull(),
    status: text("status", { enum: ["READY", "ADVANCING"] }).notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("test_clocks_seller_idx").on(t.sellerId, t.createdAt, t.id)],
);

/** A subscription plan: what a subscription bills, every interval. Created ACTIVE; archived plans take no new subscriptions. */
export const subscriptionPlans = sqliteTable(
  "subscription_plans",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    name: text("name").notNull(),
    description: text("description"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    billingInterval: text("billing_interval", { enum: BILLING_INTERVALS }).notNull(),
    intervalCount: integer("interval_count").notNull(),
    paymentMethods: text("payment_methods", { mode: "json" }).$type<PaymentMethod[]>().notNull(),
    status: text("status", { enum: PLAN_STATUSES }).notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("subscription_plans_seller_idx").on(t.sellerId, t.livemode, t.createdAt, t.id)],
);

/**
 * A buyer's subscription to a plan. Periods are counted from `billingAnchor` (period n starts at
 * the anchor plus n intervals, clamped to the month's last day), so a Jan 31 anchor bills on
 * Feb 28 and again on Mar 31. `nextBillingAt` is when the next invoice is issued (null once
 * cancelled); the billing sweep reads only subscriptions whose time has come.
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    planId: text("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => buyers.id),
    paymentMethod: text("payment_method", { enum: SUBSCRIPTION_PAYMENT_METHODS }).notNull(),
    cardToken: text("card_token"),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    billingAnchor: text("billing_anchor").notNull(),
    /** How many periods have been invoiced: the next invoice is for period `periodsBilled`. */
    periodsBilled: integer("periods_billed").notNull(),
    currentPeriodStart: text("current_period_start").notNull(),
    currentPeriodEnd: text("current_period_end").notNull(),
    nextBillingAt: text("next_billing_at"),
    trialEndAt: text("trial_end_at"),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull(),
    cancelledAt: text("cancelled_at"),
    latestInvoiceId: text("latest_invoice_id"),
    testClockId: text("test_clock_id"),
    /** The Idempotency-Key it was created under: a retry with the key answers this subscription. */
    idempotencyKey: text("idempotency_key"),
    /** A fresh random value per change: a move's guard, and what its event is written under. */
    revision: text("revision").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("subscriptions_seller_idx").on(t.sellerId, t.livemode, t.createdAt, t.id),
    uniqueIndex("subscriptions_idempotency_idx").on(t.sellerId, t.livemode, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    // The billing sweep: real-time subscriptions whose next invoice is due (a bounded range scan).
    index("subscriptions_due_idx").on(t.nextBillingAt).where(sql`${t.nextBillingAt} is not null and ${t.testClockId} is null`),
    // A test clock's advance: its subscriptions by when they bill.
    index("subscriptions_clock_idx").on(t.testClockId, t.nextBillingAt).where(sql`${t.testClockId} is not null`),
  ],
);

/**
 * One billing period of a subscription. Unique per (subscription, period start): a period is
 * invoiced once, whoever races to bill it. `nextAttemptAt` is when collection next looks at it
 * (a card retry, a PIX invoice's due date or the end of its grace); null once settled.
 */
export const invoices = sqliteTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    sellerId: text("seller_id").notNull(),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    periodIndex: integer("period_index").notNull(),
    periodStart: text("period_start").notNull(),
    periodEnd: text("period_end").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: INVOICE_STATUSES }).notNull(),
    attemptCount: integer("attempt_count").notNull(),
    nextAttemptAt: text("next_attempt_at"),
    /**
     * A card attempt in flight: until this moment (real time, not a test clock's) one biller is
     * authorizing `transactionId` at the acquirer and no other may start an attempt. Null when none.
     */
    claimedUntil: text("claimed_until"),
    transactionId: text("transaction_id"),
    dueAt: text("due_at").notNull(),
    paidAt: text("paid_at"),
    testClockId: text("test_clock_id"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("invoices_period_idx").on(t.subscriptionId, t.periodStart),
    index("invoices_subscription_idx").on(t.subscriptionId, t.periodIndex),
    // Collection: open invoices whose next look is due, real time and per test clock.
    index("invoices_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'OPEN' and ${t.nextAttemptAt} is not null and ${t.testClockId} is null`),
    index("invoices_clock_idx").on(t.testClockId, t.nextAttemptAt).where(sql`${t.status} = 'OPEN' and ${t.testClockId} is not null`),
  ],
);

/**
 * A seller's subscription settings, per mode: the days after an unpaid card invoice's due date
 * on which it is charged again (docs/subscriptions.md). No row: the defaults.
 */
export const subscriptionSettings = sqliteTable(
  "subscription_settings",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    cardRetryDays: text("card_retry_days", { mode: "json" }).$type<number[]>().notNull(),
    /** PIX Automático: whether a failed charge may be retried (null: PERMITE_3R_7D). */
    pixRetryPolicy: text("pix_retry_policy", { enum: RECURRENCE_RETRY_POLICIES }),
    /** PIX Automático: days before the due date the charge instruction is sent, 2 to 10 (null: 3). */
    pixChargeLeadDays: integer("pix_charge_lead_days"),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.livemode] })],
);

/**
 * A PIX Automático recurrence (the BCB's `rec`): the buyer's standing authorization behind a
 * PIX_AUTOMATICO subscription, one per subscription (docs/subscriptions.md). Live ones are the
 * PSP's (`pspRecurrenceId` is its idRec, learnt from `POST /rec`); test ones are the sandbox's,
 * answered by `/v1/sandbox/pix-automatico/{id}/…`. CREATED until the buyer answers; APPROVED lets
 * the billing sweep send each period's charge instruction; REJECTED or EXPIRED ends the
 * subscription INCOMPLETE_EXPIRED; CANCELLED (by the payer, through webhookrec) ends it at the
 * period's end.
 */
export const pixRecurrences = sqliteTable(
  "pix_recurrences",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    sellerId: text("seller_id").notNull(),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    /** The PSP's idRec (live) or the sandbox's (test); null until `POST /rec` answered. */
    pspRecurrenceId: text("psp_recurrence_id"),
    status: text("status", { enum: RECURRENCE_STATUSES }).notNull(),
    /** The journey the buyer was offered (ativacao.tipoJornada once answered). */
    journey: text("journey", { enum: AUTHORIZATION_JOURNEYS }).notNull(),
    periodicity: text("periodicity", { enum: RECURRENCE_PERIODICITIES }).notNull(),
    retryPolicy: text("retry_policy", { enum: RECURRENCE_RETRY_POLICIES }).notNull(),
    /** vinculo.contrato and vinculo.objeto (≤ 35 characters each). */
    contract: text("contract").notNull(),
    object: text("object"),
    /** Journeys 2 and 3: the recurrence location whose QR authorizes it. */
    locationId: integer("location_id"),
    /** Journey 3: the first period's PIX charge, paid together with the authorization. */
    firstTransactionId: text("first_transaction_id"),
    /** Journeys 2 and 3: the BR Code the buyer scans (journey 3: the composite one, also the first charge's). */
    authorizationBrCode: text("authorization_br_code"),
    /** Live: when reconciliation last read it back from the PSP (it takes the least recently read first). */
    reconciledAt: text("reconciled_at"),
    /** REJECTED, EXPIRED or CANCELLED: the BCB's code and description, and who cancelled. */
    endingCode: text("ending_code"),
    endingDescription: text("ending_description"),
    endedBy: text("ended_by", { enum: RECURRENCE_CANCELLERS }),
    approvedAt: text("approved_at"),
    endedAt: text("ended_at"),
    /** Sandbox only: how the next charge instruction ends (the billing's own words; null: paid). */
    sandboxNextChargeOutcome: text("sandbox_next_charge_outcome"),
    /** A fresh random value per change: a move's guard. */
    revision: text("revision").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("pix_recurrences_subscription_idx").on(t.subscriptionId),
    // webhookrec and reconciliation find a recurrence by the PSP's id.
    uniqueIndex("pix_recurrences_psp_idx").on(t.pspRecurrenceId).where(sql`${t.pspRecurrenceId} is not null`),
  ],
);

/**
 * A PIX Automático charge instruction (the BCB's `cobr`): one per PIX_AUTOMATICO invoice, sent
 * 2 to 10 days before its due date (docs/subscriptions.md). `txid` is the gateway's (the invoice
 * id's hex digits), so sending it again names the same instruction. `nextCheckAt` is when billing
 * looks at it next: send it (PENDING), settle it in the sandbox or reconcile it with the PSP
 * (SCHEDULED, RETRYING), or end the invoice's dunning (FAILED); null when nothing is left to do.
 */
export const pixChargeInstructions = sqliteTable(
  "pix_charge_instructions",
  {
    id: text("id").primaryKey(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id),
    subscriptionId: text("subscription_id").notNull(),
    sellerId: text("seller_id").notNull(),
    livemode: integer("livemode", { mode: "boolean" }).notNull(),
    /** The recurrence's idRec the instruction names. */
    pspRecurrenceId: text("psp_recurrence_id").notNull(),
    retryPolicy: text("retry_policy", { enum: RECURRENCE_RETRY_POLICIES }).notNull(),
    txid: text("txid").notNull(),
    amount: integer("amount").notNull(),
    /** calendario.dataDeVencimento (YYYY-MM-DD, Brasília) and whether ajusteDiaUtil moves it to a business day. */
    dueDate: text("due_date").notNull(),
    adjustToBusinessDay: integer("adjust_to_business_day", { mode: "boolean" }).notNull(),
    /** The first attempt's settlement date: the due date, or the next business day after it. */
    settlementDate: text("settlement_date").notNull(),
    status: text("status", { enum: CHARGE_INSTRUCTION_STATUSES }).notNull(),
    /** Settlement attempts that ended (paid or failed), and retries asked. */
    attempts: integer("attempts").notNull(),
    retries: integer("retries").notNull(),
    nextRetryDate: text("next_retry_date"),
    failureCode: text("failure_code"),
    failureDescription: text("failure_description"),
    endToEndId: text("end_to_end_id"),
    /** Sandbox only: how its attempts end (taken from the recurrence's setting when it was issued). */
    sandboxOutcome: text("sandbox_outcome", { enum: SANDBOX_CHARGE_OUTCOMES }),
    nextCheckAt: text("next_check_at"),
    testClockId: text("test_clock_id"),
    revision: text("revision").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("pix_charge_instructions_invoice_idx").on(t.invoiceId),
    uniqueIndex("pix_charge_instructions_txid_idx").on(t.txid),
    index("pix_charge_instructions_due_idx").on(t.nextCheckAt).where(sql`${t.nextCheckAt} is not null and ${t.testClockId} is null`),
    index("pix_charge_instructions_clock_idx").on(t.testClockId, t.nextCheckAt).where(sql`${t.nextCheckAt} is not null and ${t.testClockId} is not null`),
  ],
);

export * from "./dashboard-schema";
