/** A database failure is logged without the query's parameters: they hold buyers' documents. */
import { describe, expect, it } from "vitest";
import { buyerBody, VALID_CPF } from "../support/fixtures";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";

describe("POST /v1/buyers when the database fails", () => {
  it("answers 500 problem+json and logs the SQL and the driver's reason, never the values", async () => {
    const ctx = await createTestContext();
    await ctx.platform.client.execute(
      "CREATE TRIGGER refuse_buyers BEFORE INSERT ON buyers BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
    );
    const res = await ctx.post("/v1/buyers", buyerBody({ email: "secret.person@example.com" }));
    const problem = await expectProblem(res, 500, "INTERNAL_ERROR");
    expect(JSON.stringify(problem)).not.toContain("disk I/O");

    const line = ctx.platform.logs.find((l) => l.msg === "request.unhandled_error");
    expect(line).toBeDefined();
    const logged = JSON.stringify(line);
    expect(logged).toContain("insert into");
    expect(logged).toContain("disk I/O error");
    expect(logged).not.toContain(VALID_CPF);
    expect(logged).not.toContain("secret.person@example.com");
  });
});
