/**
 * Creating a sub-seller (POST /v1/sellers): a company registers a seller under it, on one of its
 * own fee plans. In one batch: the seller (PENDING: its KYC data came with it), its secret and
 * publishable keys in the caller's mode, its team's OWNER, and the webhook of `webhooks` if sent.
 * The answer is the only place the keys and the webhook secret are ever shown.
 *
 * The document, address and bank account are personal data: sealed in `pii`; the document is
 * shown masked. The address's city names the seller in its BR Codes and `bankAccount.pixKey` is
 * the key its PIX charges credit (docs/sellers.md).
 */
import { and, eq } from "drizzle-orm";
import { maskDocument } from "../../../shared/documents";
import { apiKeys, feePlans, sellers, teamMembers, webhooks, type SellerPersonalData } from "../../db/schema";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { SellerCreate } from "../../schemas/seller";
import { issueKey } from "../api-keys";
import { inModeOf, type Scope } from "../scope";
import { newWebhook, toWebhook } from "../webhooks/manage";
import type { SellerRow } from "./reach";
import { toSeller } from "./serialize";

/** Refuses a fee plan that is not the caller's own, in its key's mode. */
async function requireOwnPlan(platform: Platform, caller: Scope, feePlanId: string): Promise<void> {
  const [plan] = await platform.db
    .select({ id: feePlans.id })
    .from(feePlans)
    .where(and(eq(feePlans.id, feePlanId), eq(feePlans.ownerSellerId, caller.sellerId), inModeOf(feePlans.livemode, caller)))
    .limit(1);
  if (!plan) {
    throw new ApiError("FEE_PLAN_NOT_AVAILABLE", `You have no fee plan with id ${feePlanId}; create one with POST /v1/fee-plans.`, {
      extensions: { feePlanId },
    });
  }
}

/** Creates the sub-seller; returns it with its keys (and webhook secret), shown this once. */
export async function createSubSeller(platform: Platform, caller: Scope, input: SellerCreate) {
  await requireOwnPlan(platform, caller, input.feePlanId);
  const now = platform.now();
  const at = now.toISOString();
  const id = crypto.randomUUID();
  const mode = caller.livemode ? "live" : "test";
  const secret = await issueKey(id, "secret", mode, now);
  const publishable = await issueKey(id, "publishable", mode, now);
  const personal: SellerPersonalData = { documentNumber: input.documentNumber, address: input.address, bankAccount: input.bankAccount };
  const row: SellerRow = {
    id,
    parentId: caller.sellerId,
    legalName: input.legalName,
    fantasyName: input.fantasyName ?? null,
    documentType: input.documentType,
    documentNumber: null,
    documentMasked: maskDocument(input.documentNumber),
    email: input.email,
    status: "PENDING",
    livemode: caller.livemode,
    // Approved for live by its live KYC decision (live-approval.ts), never at creation.
    liveApprovedAt: null,
    feePlanId: input.feePlanId,
    city: input.address.city,
    pixKey: input.bankAccount.pixKey ?? null,
    pii: await platform.vault.seal(JSON.stringify(personal)),
    paymentMethods: input.paymentMethods,
    businessInfo: input.businessInfo,
    statusChangedAt: at,
    statusReason: null,
    // The default zone (America/Sao_Paulo) until the seller or its company sets one.
    timeZone: null,
    createdAt: at,
    updatedAt: at,
  };
  const hook = input.webhooks ? await newWebhook(platform, caller, id, input.webhooks, "webhooks.url") : null;
  // The seller's creator is its OWNER: the person `owner` names, else the seller's own e-mail.
  const person = input.owner ?? { email: input.email, firstName: input.legalName };
  const owner = { id: crypto.randomUUID(), sellerId: id, email: person.email ?? input.email, firstName: person.firstName, lastName: person.lastName ?? null, profile: "OWNER" as const, status: "INVITED" as const, liveAccess: caller.livemode, lastAccessAt: null, createdAt: at, updatedAt: at };
  await platform.db.batch([
    platform.db.insert(sellers).values(row),
    platform.db.insert(apiKeys).values([secret.row, publishable.row]),
    platform.db.insert(teamMembers).values(owner),
    ...(hook ? [platform.db.insert(webhooks).values(hook.row)] : []),
  ]);
  return {
    ...toSeller(row, hook ? [toWebhook(hook.row)] : []),
    apiKey: secret.key,
    publishableKey: publishable.key,
    webhookSecret: hook?.secret ?? null,
  };
}
