/**
 * The demo shop's own secrets: the secret and publishable key it sells with, and the secret of the
 * webhook it registered for itself, in `.data/demo-shop.json` (mode 0600), like a real shop's
 * server keeps them in its own secret store. On the first start they are the bootstrap seller's
 * keys (printed by the same start); a database that predates the demo gets a sandbox seller of
 * its own, "Loja Demo", so the demo never needs (or rotates) the key you were shown.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Db } from "../worker/db/client";
import { createCompanySeller, type SellerWithKeys } from "../worker/domain/sellers";

/** What the demo keeps. */
export interface DemoSecrets extends SellerWithKeys {
  webhookId: string | null;
  webhookSecret: string | null;
}

/** The demo's secrets from `file`, or new ones (the bootstrap's keys when given), saved there. */
export async function demoSecrets(file: string, db: Db, now: Date, bootstrapKeys: SellerWithKeys | null): Promise<{ secrets: DemoSecrets; created: boolean }> {
  if (existsSync(file)) return { secrets: JSON.parse(readFileSync(file, "utf8")) as DemoSecrets, created: false };
  const keys =
    bootstrapKeys ?? (await createCompanySeller(db, { legalName: "Loja Demo Ltda", fantasyName: "Loja Demo", email: "demo@example.com", city: "Sao Paulo", mode: "test" }, now));
  const secrets: DemoSecrets = { ...keys, webhookId: null, webhookSecret: null };
  saveDemoSecrets(file, secrets);
  return { secrets, created: true };
}

/** Writes the secrets, readable by this user only. */
export function saveDemoSecrets(file: string, secrets: DemoSecrets): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
}
