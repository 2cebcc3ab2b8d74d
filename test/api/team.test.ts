/** A seller's team: the OWNER from creation, invitations, labels in pt-BR and en, duplicates. */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { teamMembers } from "../../worker/db/schema";
import { localeOf } from "../../worker/lib/locale";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { companyFeePlan, sellerBody } from "../support/sellers";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
let subId: string;
beforeEach(async () => {
  ctx = await createTestContext();
  const planId = await companyFeePlan(ctx.platform.db, ctx.seller.sellerId);
  subId = (await (await ctx.post("/v1/sellers", sellerBody(planId, { owner: { firstName: "Ana", lastName: "Lima", email: "ana@paoquente.com.br" } }))).json()).id;
});

const member = { email: "Bruno@PaoQuente.com.br", firstName: "Bruno", lastName: "Reis", profile: "FINANCE" };

describe("GET/POST /v1/sellers/{sellerId}/team", () => {
  it("the creator is the OWNER; an invited member joins INVITED; labels default to pt-BR", async () => {
    const added = await ctx.post(`/v1/sellers/${subId}/team`, member);
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ email: "bruno@paoquente.com.br", profile: "FINANCE", status: "INVITED", profileLabel: "Financeiro" });
    const res = await ctx.get(`/v1/sellers/${subId}/team`);
    expect(res.headers.get("content-language")).toBe("pt-BR");
    const team = await res.json();
    expect(team.totalItems).toBe(2);
    expect(Object.keys(team)).toEqual(["items", "totalItems"]);
    expect(team.items[0]).toMatchObject({
      firstName: "Ana",
      lastName: "Lima",
      email: "ana@paoquente.com.br",
      profile: "OWNER",
      profileLabel: "Proprietário",
      sellerAccessLabel: "Acesso total, incluindo a equipe e as chaves",
      status: "INVITED",
      statusLabel: "Convite pendente",
      lastAccessLabel: "Nunca acessou",
    });
    expect(team.items[1]).toMatchObject({ profile: "FINANCE", sellerAccessLabel: "Transações, reembolsos e repasses" });
  });

  it("English labels with Accept-Language: en (q-values honoured), including a last access time", async () => {
    await ctx.platform.db.update(teamMembers).set({ status: "ACTIVE", lastAccessAt: "2026-11-20T15:30:00.000Z" }).where(eq(teamMembers.sellerId, subId));
    const res = await ctx.get(`/v1/sellers/${subId}/team`, { "Accept-Language": "fr;q=1, en-US;q=0.9, pt-BR;q=0.5" });
    expect(res.headers.get("content-language")).toBe("en");
    const [owner] = (await res.json()).items;
    expect(owner).toMatchObject({ profileLabel: "Owner", statusLabel: "Active", sellerAccessLabel: "Full access, including team and keys" });
    // 15:30 UTC is 12:30 in Brasília.
    expect(owner.lastAccessLabel).toBe("11/20/26, 12:30 PM");
    const pt = (await (await ctx.get(`/v1/sellers/${subId}/team`)).json()).items[0];
    expect(pt).toMatchObject({ statusLabel: "Ativo", lastAccessLabel: "20/11/2026, 12:30" });
  });

  it("an e-mail is on a team once (409, case-insensitive); OWNER cannot be added; bad fields are named", async () => {
    await ctx.post(`/v1/sellers/${subId}/team`, member);
    const dup = await expectProblem(await ctx.post(`/v1/sellers/${subId}/team`, { ...member, email: "bruno@paoquente.com.br" }), 409, "TEAM_MEMBER_EXISTS");
    expect(dup.memberId).toEqual(expect.any(String));
    const owner = await expectProblem(await ctx.post(`/v1/sellers/${subId}/team`, { ...member, email: "c@example.com", profile: "OWNER" }), 400, "VALIDATION_FAILED");
    expect(owner.errors[0]).toMatchObject({ path: "profile", message: expect.stringMatching(/one OWNER/) });
    const bad = await expectProblem(await ctx.post(`/v1/sellers/${subId}/team`, { email: "nope", profile: "ADMIN" }), 400, "VALIDATION_FAILED");
    expect(bad.errors.map((e: { path: string }) => e.path).sort()).toEqual(["email", "firstName"]);
  });

  it("a company's own team (the bootstrap's OWNER) is readable too", async () => {
    const team = await (await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/team`, { "Accept-Language": "en" })).json();
    expect(team).toMatchObject({ totalItems: 1, items: [{ profile: "OWNER", email: "loja@example.com", statusLabel: "Active" }] });
  });
});

describe("localeOf", () => {
  it.each([
    [undefined, "pt-BR"],
    ["en", "en"],
    ["en-GB,en;q=0.8", "en"],
    ["pt", "pt-BR"],
    ["de, fr", "pt-BR"],
    ["pt-BR;q=0.1, en;q=0.2", "en"],
    ["en;q=0, pt", "pt-BR"],
  ])("%s → %s", (header, locale) => {
    expect(localeOf(header)).toBe(locale);
  });
});
