/**
 * Signed-in dashboard members for Node tests: the context seller's OWNER (through the operator's
 * invite) or a member of another profile invited with the live key (so it reads live mode too),
 * and another company seller with its own key.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { teamMembers } from "../../worker/db/schema";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { createCompanySeller } from "../../worker/domain/sellers";
import { DashboardVisitor } from "./dashboard";
import { liveRequester } from "./live-keys";
import { requester, type createTestContext } from "./platform";

type Ctx = Awaited<ReturnType<typeof createTestContext>>;
const ORIGIN = "http://pay.test";

/** A member of the context's seller with `profile`, signed in. */
export async function signedInMember(ctx: Ctx, profile: "OWNER" | "ADMIN" | "FINANCE" | "OPERATION"): Promise<DashboardVisitor> {
  const v = new DashboardVisitor((path, init) => ctx.app.request(path, init), ORIGIN);
  let inviteUrl: string;
  if (profile === "OWNER") {
    const [owner] = await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, ctx.seller.sellerId));
    inviteUrl = (await createInvite(ctx.platform, ctx.seller.sellerId, owner!.id)).inviteUrl;
  } else {
    const email = `${profile.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}@loja.example.com`;
    const res = await (await liveRequester(ctx)).post(`/v1/sellers/${ctx.seller.sellerId}/team`, { email, firstName: "Ana", profile });
    expect(res.status, await res.clone().text()).toBe(201);
    inviteUrl = (await res.json()).inviteUrl;
  }
  expect((await v.register(inviteUrl)).status).toBe(201);
  return v;
}

/** Another company in the context's installation, with its own key (`send`, `get`, `post`). */
export async function otherCompany(ctx: Ctx) {
  const seller = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja Ltda", email: "outra@example.com", city: "Recife" }, ctx.platform.now());
  return { ...ctx, seller, ...requester(ctx.app, seller) };
}
