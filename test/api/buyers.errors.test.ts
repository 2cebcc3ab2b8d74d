import { beforeAll, describe, expect, it } from "vitest";
import { buyerBody } from "../support/fixtures";
import { createTestContext } from "../support/platform";

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});

/** Sends a body and returns the problem, asserting the common problem+json shape. */
async function problemOf(res: Response, status = 400) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  const body = await res.json();
  expect(body.status).toBe(status);
  expect(typeof body.title).toBe("string");
  expect(typeof body.detail).toBe("string");
  expect(body.type).toBe(`http://pay.test/docs/errors#${body.code}`);
  expect(body.requestId).toBe(res.headers.get("x-request-id"));
  return body;
}

function paths(problem: { errors?: Array<{ path: string }> }) {
  return (problem.errors ?? []).map((e) => e.path).sort();
}

const address = buyerBody().address;

describe("buyers: validation errors name each field by JSON path", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["missing name", { name: undefined }, "name"],
    ["empty name", { name: "  " }, "name"],
    ["bad documentType", { documentType: "RG" }, "documentType"],
    ["CPF with a wrong check digit", { documentNumber: "52998224724" }, "documentNumber"],
    ["CPF of repeated digits", { documentNumber: "11111111111" }, "documentNumber"],
    ["CPF with punctuation", { documentNumber: "529.982.247-25" }, "documentNumber"],
    ["CNPJ with a wrong check digit", { documentType: "CNPJ", documentNumber: "11222333000182" }, "documentNumber"],
    ["CPF number sent as CNPJ", { documentType: "CNPJ", documentNumber: "52998224725" }, "documentNumber"],
    ["bad email", { email: "not-an-email" }, "email"],
    ["phone with letters", { phone: "11-98765-4321" }, "phone"],
    ["phone too short", { phone: "123" }, "phone"],
    ["phone as a number", { phone: 11987654321 }, "phone"],
    ["missing address", { address: undefined }, "address"],
    ["state not a UF", { address: { ...address, state: "XX" } }, "address.state"],
    ["state of 3 letters", { address: { ...address, state: "SAO" } }, "address.state"],
    ["zipCode with a dash", { address: { ...address, zipCode: "01310-100" } }, "address.zipCode"],
    ["Brazilian CEP of 7 digits", { address: { ...address, zipCode: "0131010" } }, "address.zipCode"],
    ["unknown country", { address: { ...address, country: "XZ" } }, "address.country"],
    ["country of 3 letters", { address: { ...address, country: "BRA" } }, "address.country"],
    ["missing street", { address: { ...address, street: undefined } }, "address.street"],
    ["unknown field", { nickname: "Mari" }, "nickname"],
    ["name with a newline", { name: "Maria\nda Silva" }, "name"],
    ["street with a NUL", { address: { ...address, street: "Rua A\u0000" } }, "address.street"],
  ];

  for (const [name, patch, path] of cases) {
    it(`${name} → 400 naming ${path}`, async () => {
      const problem = await problemOf(await ctx.post("/v1/buyers", buyerBody(patch)));
      expect(problem.code).toBe("VALIDATION_FAILED");
      expect(paths(problem)).toContain(path);
      const error = problem.errors.find((e: { path: string }) => e.path === path);
      expect(error.in).toBe("body");
      expect(error.message.length).toBeGreaterThan(3);
    });
  }

  it("reports every invalid field at once", async () => {
    const problem = await problemOf(
      await ctx.post("/v1/buyers", buyerBody({ email: "x", phone: "abc", address: { ...address, state: "ZZ", zipCode: "1" } })),
    );
    expect(paths(problem)).toEqual(["address.state", "address.zipCode", "email", "phone"]);
  });

  it("a missing required field says Required", async () => {
    const problem = await problemOf(await ctx.post("/v1/buyers", buyerBody({ email: undefined })));
    expect(problem.errors).toEqual([{ path: "email", in: "body", code: "required", message: "Required." }]);
  });

  it("PATCH validates a sent address whole", async () => {
    const created = await (await ctx.post("/v1/buyers", buyerBody())).json();
    const problem = await problemOf(await ctx.patch(`/v1/buyers/${created.id}`, { address: { city: "Rio de Janeiro" } }));
    expect(paths(problem)).toEqual(["address.country", "address.neighborhood", "address.number", "address.state", "address.street", "address.zipCode"]);
  });

  it("PATCH refuses fields that cannot change (documentNumber)", async () => {
    const created = await (await ctx.post("/v1/buyers", buyerBody())).json();
    const problem = await problemOf(await ctx.patch(`/v1/buyers/${created.id}`, { documentNumber: "11144477735" }));
    expect(problem.errors[0]).toMatchObject({ path: "documentNumber", code: "unknown_field" });
  });
});

describe("request errors: never a 500", () => {
  it("malformed JSON → 400 MALFORMED_JSON", async () => {
    const problem = await problemOf(await ctx.post("/v1/buyers", '{"name": "Maria",'));
    expect(problem.code).toBe("MALFORMED_JSON");
  });

  it("a non-JSON content type → 400 UNSUPPORTED_CONTENT_TYPE", async () => {
    const res = await ctx.send("POST", "/v1/buyers", "name=Maria", { "Content-Type": "application/x-www-form-urlencoded" });
    expect((await problemOf(res)).code).toBe("UNSUPPORTED_CONTENT_TYPE");
  });

  it("a body over 100 KB → 400 PAYLOAD_TOO_LARGE", async () => {
    const res = await ctx.post("/v1/buyers", buyerBody({ name: "x".repeat(110 * 1024) }));
    const problem = await problemOf(res);
    expect(problem.code).toBe("PAYLOAD_TOO_LARGE");
    expect(problem.limitBytes).toBe(102400);
  });

  it("a body whose Content-Length is over the limit → 400 PAYLOAD_TOO_LARGE, judged by the header", async () => {
    const body = JSON.stringify(buyerBody({ name: "x".repeat(110 * 1024) }));
    const res = await ctx.send("POST", "/v1/buyers", body, { "Content-Type": "application/json", "Content-Length": String(body.length) });
    expect((await problemOf(res)).code).toBe("PAYLOAD_TOO_LARGE");
    const fits = JSON.stringify(buyerBody());
    const ok = await ctx.send("POST", "/v1/buyers", fits, { "Content-Type": "application/json", "Content-Length": String(fits.length) });
    expect(ok.status).toBe(201);
  });

  it("a JSON array body → 400 VALIDATION_FAILED", async () => {
    expect((await problemOf(await ctx.post("/v1/buyers", [1, 2]))).code).toBe("VALIDATION_FAILED");
  });

  it("an empty body → 400 naming the required fields", async () => {
    const problem = await problemOf(await ctx.post("/v1/buyers", "{}"));
    expect(paths(problem)).toEqual(["address", "documentNumber", "documentType", "email", "name", "phone"]);
  });

  it("a bad UUID in the path → 400 naming the path parameter", async () => {
    const problem = await problemOf(await ctx.get("/v1/buyers/not-a-uuid"));
    expect(problem.errors).toEqual([expect.objectContaining({ path: "buyerId", in: "path" })]);
  });

  it("an unknown buyer → 404 RESOURCE_NOT_FOUND", async () => {
    const problem = await problemOf(await ctx.get(`/v1/buyers/${crypto.randomUUID()}`), 404);
    expect(problem.code).toBe("RESOURCE_NOT_FOUND");
  });

  it("an unknown route → 404 ROUTE_NOT_FOUND problem", async () => {
    const problem = await problemOf(await ctx.get("/v1/nothing-here"), 404);
    expect(problem.code).toBe("ROUTE_NOT_FOUND");
  });

  it("size over 100 → 400 naming the limit", async () => {
    const problem = await problemOf(await ctx.get("/v1/buyers?size=101"));
    expect(problem.errors[0]).toMatchObject({ path: "size", in: "query" });
    expect(problem.errors[0].message).toContain("100");
  });

  it("negative or non-integer page → 400", async () => {
    expect((await problemOf(await ctx.get("/v1/buyers?page=-1"))).errors[0].path).toBe("page");
    expect((await problemOf(await ctx.get("/v1/buyers?page=abc"))).errors[0].path).toBe("page");
  });

  it("echoes a sane X-Request-Id and replaces a bad one", async () => {
    const res = await ctx.get("/v1/buyers", { "X-Request-Id": "trace-12345678" });
    expect(res.headers.get("x-request-id")).toBe("trace-12345678");
    const bad = await ctx.get("/v1/buyers", { "X-Request-Id": "no spaces allowed" });
    expect(bad.headers.get("x-request-id")).toMatch(/^req_[0-9a-f-]{36}$/);
  });
});

describe("a body of thousands of unknown fields", () => {
  it("gets a short problem: the first 50 errors and the total count", async () => {
    const junk = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`junk${i}`, i]));
    const res = await ctx.post("/v1/buyers", buyerBody(junk));
    const problem = await problemOf(res);
    expect(problem.errors).toHaveLength(50);
    expect(problem.errorCount).toBe(3000);
    expect(problem.detail).toMatch(/and 2950 more/);
    expect(JSON.stringify(problem).length).toBeLessThan(10_000);
  });
});

describe("authentication comes before the body", () => {
  it("a caller without a key gets 401 even with a malformed or oversized body", async () => {
    const bad = await ctx.app.request("/v1/buyers", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{oops" });
    expect(bad.status).toBe(401);
    const big = await ctx.app.request("/v1/buyers", { method: "POST", headers: { "Content-Type": "application/json" }, body: "x".repeat(200_000) });
    expect(big.status).toBe(401);
  });
});
