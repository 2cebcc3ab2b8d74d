/**
 * The drizzle schema: the one source of the tables. `npm run db:generate` turns changes here into
 * SQL under migrations/. Timestamps are ISO 8601 UTC text (sortable, readable in any SQL shell);
 * money is integer minor units.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

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
    name: text("name").notNull(),
    documentType: text("document_type", { enum: ["CPF", "CNPJ"] }).notNull(),
    documentNumber: text("document_number").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: text("address", { mode: "json" }).$type<AddressRow>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("buyers_seller_idx").on(t.sellerId, t.createdAt)],
);

/** Key/value facts about this installation (e.g. which seller the first start created). */
export const installation = sqliteTable("installation", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
});
