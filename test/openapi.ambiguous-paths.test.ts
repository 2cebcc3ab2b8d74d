/**
 * The path templates Redocly's `no-ambiguous-paths` flags (it reads the templates only, so
 * test/openapi.test.ts accepts its four warnings) are told apart by their parameters' schemas:
 * wherever one path has a parameter and the other a literal segment (`plans`, `deliveries`), the
 * parameter is `format: uuid` on every operation of its path and the literal is no UUID. A tool or
 * generated client that reads the formats then routes every request one way, as the app does
 * (issue 34).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "./support/platform";

type Doc = { paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema?: { format?: string } }> }>> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isParameter = (segment: string) => /^\{.+\}$/.test(segment);

/** Redocly's rule: as many segments, each pair equal or one a parameter, as many parameters each. */
function ambiguous(a: string, b: string): boolean {
  const [sa, sb] = [a.split("/"), b.split("/")];
  if (sa.length !== sb.length) return false;
  const vars = (s: string[]) => s.filter(isParameter).length;
  return sa.every((x, i) => x === sb[i] || isParameter(x) || isParameter(sb[i]!)) && vars(sa) === vars(sb);
}

/** The pairs of the document's paths that Redocly calls ambiguous, each in document order. */
function ambiguousPairs(doc: Doc): Array<[string, string]> {
  const paths = Object.keys(doc.paths);
  return paths.flatMap((a, i) => paths.slice(i + 1).filter((b) => ambiguous(a, b)).map((b): [string, string] => [a, b]));
}

/** What keeps each pair apart, or is missing: a parameter facing a literal without format: uuid. */
function faults(doc: Doc): string[] {
  const out: string[] = [];
  for (const [a, b] of ambiguousPairs(doc)) {
    for (const [path, other] of [[a, b], [b, a]] as const) {
      const facing = other.split("/");
      path.split("/").forEach((segment, i) => {
        const literal = facing[i]!;
        if (!isParameter(segment) || isParameter(literal)) return;
        const name = segment.slice(1, -1);
        const operations = Object.values(doc.paths[path]!);
        const formats = operations.map((op) => op.parameters?.find((p) => p.in === "path" && p.name === name)?.schema?.format);
        if (formats.some((f) => f !== "uuid")) out.push(`${path}: {${name}} faces "${literal}" of ${other} without format: uuid`);
        if (UUID.test(literal)) out.push(`${other}: its literal "${literal}" is a UUID`);
      });
    }
  }
  return out;
}

let doc: Doc;
beforeAll(async () => {
  const ctx = await createTestContext();
  doc = (await (await ctx.app.request("/openapi.json")).json()) as Doc;
});

describe("paths Redocly calls ambiguous", () => {
  it("are the four it flagged: a seller's webhook deliveries against a webhook's test and replay, plans against a subscription's cancel and invoices", () => {
    expect(ambiguousPairs(doc)).toEqual([
      ["/v1/sellers/{sellerId}/webhooks/deliveries/{deliveryId}", "/v1/sellers/{sellerId}/webhooks/{webhookId}/replay"],
      ["/v1/sellers/{sellerId}/webhooks/deliveries/{deliveryId}", "/v1/sellers/{sellerId}/webhooks/{webhookId}/test"],
      ["/v1/subscriptions/plans/{id}", "/v1/subscriptions/{id}/cancel"],
      ["/v1/subscriptions/plans/{id}", "/v1/subscriptions/{id}/invoices"],
    ]);
  });

  it("are told apart in the document: each id facing a literal segment is format: uuid on every operation", () => {
    expect(faults(doc)).toEqual([]);
  });

  it("the check names a parameter that lost its format (so it can fail)", () => {
    const broken = structuredClone(doc);
    const cancel = broken.paths["/v1/subscriptions/{id}/cancel"]!.post!;
    cancel.parameters!.find((p) => p.name === "id")!.schema = { format: undefined };
    expect(faults(broken)).toEqual(['/v1/subscriptions/{id}/cancel: {id} faces "plans" of /v1/subscriptions/plans/{id} without format: uuid']);
  });
});
