/**
 * The measured operations, each paired with the floor operation it is compared to (an API write
 * against the floor's INSERT, an API read against its SELECT) and a target for the ratio
 * project req/s ÷ floor req/s. `prepare` makes whatever the operation needs through the API
 * itself (a replayable key, a deep cursor) so the bench depends on nothing but the HTTP contract.
 */
import { buyerBody } from "../support/fixtures";
import { DashboardVisitor } from "../support/dashboard";
import type { ChildServer } from "./child";
import type { RequestSpec } from "./load";

/**
 * A speed target: the ratio floor, and optionally a p99 ceiling as a multiple of the floor's p99
 * or in milliseconds.
 */
export interface Target {
  minRatio: number;
  maxP99Factor?: number;
  maxP99Ms?: number;
}

/** What an operation's setup found out. */
export interface Prepared {
  spec: RequestSpec;
  /** Replaces the operation's label, e.g. to say which deep-page form was measured. */
  label?: string;
  /** Replaces the operation's target (null: reported without one). */
  target?: Target | null;
}

/** What every operation may use. */
export interface OpContext {
  host: ChildServer;
  apiKey: string;
  /** A transaction created through the API before seeding. */
  transactionId: string;
  /** Rows seeded into the seller's history. */
  rows: number;
  /** The seller's id (the search operations invite a dashboard member). */
  sellerId: string;
  /** The same seller's live secret key, when `live-pix` runs (the host then has a PSP: live-pix.ts). */
  liveApiKey?: string;
}

/** One measured operation. */
export interface Operation {
  /** Its name for `--only`. */
  name: string;
  /** A name for `--only` that selects it with others (`search`). */
  group?: string;
  /** Connections to load it with, whatever `--connections` says (a latency target: one request at a time). */
  connections?: number;
  label: string;
  floor: "insert" | "select";
  target: Target | null;
  /** Statuses that count as success; any other is an error. */
  expected: number[];
  prepare(ctx: OpContext): Promise<Prepared>;
}

/** The PIX charge the issue specifies. */
export const PIX_BODY = JSON.stringify({
  paymentMethod: "PIX",
  amount: 1050,
  currency: "BRL",
  description: "Bench",
  buyer: { name: "Maria da Silva", documentType: "CPF", documentNumber: "52998224725", email: "maria@example.com" },
});

/** Calls the host once (setup, not measured) and returns status and parsed JSON. */
export async function callApi(
  ctx: Pick<OpContext, "host" | "apiKey">,
  method: "GET" | "POST",
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${ctx.host.url}${path}`, {
    method,
    headers: { "x-api-key": ctx.apiKey, ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body,
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { raw: text };
  }
  return { status: res.status, json };
}

function expectStatus(what: string, got: { status: number; json: unknown }, ...ok: number[]) {
  if (!ok.includes(got.status)) throw new Error(`${what}: HTTP ${got.status} ${JSON.stringify(got.json).slice(0, 500)}`);
}

const auth = (ctx: OpContext) => ({ "x-api-key": ctx.apiKey });

function firstItemId(page: Record<string, unknown>): unknown {
  const items = page.items;
  return Array.isArray(items) ? (items[0] as { id?: unknown } | undefined)?.id : undefined;
}

/**
 * The deep page: with cursors (a `nextCursor` in the first page), a cursor from far into the
 * history, taken from `?size=100&page=<40% deep>` when the API still honours `page` there,
 * else by walking `nextCursor`; without cursors, `?page=` at 80% depth, reported without a
 * target (OFFSET pagination is what cursors are meant to replace).
 */
async function deepListPath(ctx: OpContext): Promise<Prepared> {
  const first = await callApi(ctx, "GET", "/v1/transactions?size=20");
  expectStatus("list", first, 200);
  const deepPage = Math.max(1, Math.floor((ctx.rows * 0.4) / 100));
  if ("nextCursor" in first.json) {
    let cursor: unknown = null;
    const jumped = await callApi(ctx, "GET", `/v1/transactions?size=100&page=${deepPage}`);
    // Only if `page` was honoured: a cursor after the first page is no deep page.
    if (jumped.status === 200 && firstItemId(jumped.json) !== firstItemId(first.json)) cursor = jumped.json.nextCursor;
    if (typeof cursor !== "string") {
      // Walk there: `page` may be gone once cursors exist.
      let next: unknown = (await callApi(ctx, "GET", "/v1/transactions?size=100")).json.nextCursor;
      for (let i = 1; i < deepPage && typeof next === "string"; i++) {
        const step = await callApi(ctx, "GET", `/v1/transactions?size=100&cursor=${encodeURIComponent(next)}`);
        expectStatus("list walk", step, 200);
        next = step.json.nextCursor;
      }
      cursor = next;
    }
    if (typeof cursor === "string") {
      return {
        spec: { method: "GET", path: `/v1/transactions?size=20&cursor=${encodeURIComponent(cursor)}`, headers: auth(ctx) },
        label: "GET /v1/transactions?size=20&cursor=<deep>",
        target: { minRatio: 0.45 },
      };
    }
  }
  const page = Math.max(1, Math.floor((ctx.rows * 0.8) / 20));
  return {
    spec: { method: "GET", path: `/v1/transactions?size=20&page=${page}`, headers: auth(ctx) },
    label: `GET /v1/transactions?size=20&page=${page}`,
    target: null,
  };
}

/**
 * A buyer paying a payment link by PIX, with no key: open a checkout session, then pay it (the
 * QR's charge is created and takes one of the link's uses in the same INSERT). Two requests per
 * operation, on each connection in turn; the pay reads the session the open answered.
 */
async function payLinkByPix(ctx: OpContext): Promise<Prepared> {
  const link = await callApi(ctx, "POST", "/v1/payment-links", JSON.stringify({ name: "Bench link", amountInCents: 1050, paymentMethods: ["PIX"] }));
  expectStatus("payment link setup", link, 201);
  const pay = JSON.stringify({ paymentMethod: "PIX", buyer: { name: "Maria da Silva", email: "maria@example.com", documentType: "CPF", documentNumber: "52998224725" } });
  type Context = { session?: { id: string; clientSecret: string } };
  return {
    spec: {
      method: "POST",
      path: `/v1/payment-links/${link.json.id}/checkout-sessions`,
      sequence: [
        {
          method: "POST",
          path: `/v1/payment-links/${link.json.id}/checkout-sessions`,
          onResponse: (status: number, body: string, context: Context) => {
            if (status === 201) context.session = JSON.parse(body);
          },
        },
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: pay,
          setupRequest: (req: Record<string, unknown>, context: Context) => ({
            ...req,
            path: `/v1/checkout-sessions/${context.session?.id}/pay`,
            headers: { "content-type": "application/json", "x-client-secret": context.session?.clientSecret ?? "" },
          }),
        },
      ] as unknown as RequestSpec["sequence"],
    },
  };
}

/** The buyer the search operations look for among the seeded rows (seed.ts varies theirs). */
const SOUGHT = { name: "Joana Ferreira Bench", documentType: "CPF", documentNumber: "39053344705", email: "joana@example.com" };
let session: Promise<string> | null = null;

/**
 * A dashboard session of the seller's OWNER (an invite from /v1, a passkey by the software
 * authenticator), made once, and the sought buyer's charge: what the search operations need.
 */
function dashboardSession(ctx: OpContext): Promise<string> {
  session ??= (async () => {
    const charge = JSON.stringify({ paymentMethod: "PIX", amount: 4990, currency: "BRL", description: "Bench search", buyer: SOUGHT });
    expectStatus("search setup", await callApi(ctx, "POST", "/v1/transactions", charge, { "idempotency-key": `bench-search-${Date.now()}` }), 201);
    const invite = await callApi(ctx, "POST", `/v1/sellers/${ctx.sellerId}/team`, JSON.stringify({ email: `bench-${Date.now()}@example.com`, firstName: "Bench", profile: "FINANCE" }));
    expectStatus("search invite", invite, 201);
    // The dashboard's origin is the one its invite names (the host's public base URL).
    const inviteUrl = String(invite.json.inviteUrl);
    const visitor = new DashboardVisitor((path, init) => fetch(`${ctx.host.url}${path}`, init), new URL(inviteUrl).origin);
    const registered = await visitor.register(inviteUrl);
    if (registered.status !== 201 || !visitor.cookie) throw new Error(`search sign-in: HTTP ${registered.status} ${await registered.text()}`);
    return `pay_dashboard=${visitor.cookie}`;
  })();
  return session;
}

/** The dashboard's search by `query`, which must find exactly `expected` payments on the seeded history. */
function searchOp(name: string, label: string, query: string, expected: (ctx: OpContext) => number): Operation {
  return {
    name,
    group: "search",
    label: `GET /dashboard/api/payments?${query} (${label})`,
    floor: "select",
    // The figure: the dashboard's search answers in under 100 ms on 500,000 payments. A
    // person searches one request at a time: measured on one connection, so the p99 is the
    // search's, not a queue of ten behind two shared cores.
    target: { minRatio: 0, maxP99Ms: 100 },
    connections: 1,
    expected: [200],
    prepare: async (ctx) => {
      const headers = { cookie: await dashboardSession(ctx) };
      const res = await fetch(`${ctx.host.url}/dashboard/api/payments?${query}`, { headers });
      const page = (await res.json()) as { totalItems?: number };
      if (res.status !== 200 || page.totalItems !== expected(ctx)) throw new Error(`search ${query}: HTTP ${res.status}, ${page.totalItems} found, ${expected(ctx)} expected`);
      return { spec: { method: "GET", path: `/dashboard/api/payments?${query}`, headers } };
    },
  };
}

/** A PIX create with a new Idempotency-Key per request (the create). */
async function createSpec(ctx: OpContext): Promise<Prepared> {
  return { spec: { method: "POST", path: "/v1/transactions", headers: auth(ctx), body: PIX_BODY, uniqueHeader: "idempotency-key" } };
}

/** Every operation, in the order they run. */
export const OPERATIONS: Operation[] = [
  {
    name: "create",
    label: "POST /v1/transactions (PIX, new key)",
    floor: "insert",
    // Issue 33: 0.65 of the floor's INSERT at 10 connections, p99 within twice the floor's.
    target: { minRatio: 0.65, maxP99Factor: 2 },
    expected: [201],
    prepare: createSpec,
  },
  {
    // The same create with 50 clients at once, whatever --connections says: larger groups share
    // each durable COMMIT (SqliteClient's group commit), so the issue asks more of it (0.75).
    name: "create-c50",
    connections: 50,
    label: "POST /v1/transactions (PIX, new key), 50 connections",
    floor: "insert",
    target: { minRatio: 0.75, maxP99Factor: 2 },
    expected: [201],
    prepare: createSpec,
  },
  {
    name: "replay",
    label: "POST /v1/transactions (replayed key)",
    floor: "insert",
    target: { minRatio: 0.8 },
    expected: [200, 201],
    prepare: async (ctx) => {
      // Created once here, so every measured request (even the first ten in parallel) is a replay.
      const key = `bench-replay-${Date.now()}`;
      const headers = { ...auth(ctx), "idempotency-key": key };
      expectStatus("replay setup", await callApi(ctx, "POST", "/v1/transactions", PIX_BODY, { "idempotency-key": key }), 201);
      expectStatus("replay check", await callApi(ctx, "POST", "/v1/transactions", PIX_BODY, { "idempotency-key": key }), 200);
      return { spec: { method: "POST", path: "/v1/transactions", headers, body: PIX_BODY } };
    },
  },
  {
    name: "get",
    label: "GET /v1/transactions/{id}",
    floor: "select",
    target: { minRatio: 0.7 },
    expected: [200],
    prepare: async (ctx) => ({ spec: { method: "GET", path: `/v1/transactions/${ctx.transactionId}`, headers: auth(ctx) } }),
  },
  {
    name: "list",
    label: "GET /v1/transactions?size=20",
    floor: "select",
    target: { minRatio: 0.45 },
    expected: [200],
    prepare: async (ctx) => ({ spec: { method: "GET", path: "/v1/transactions?size=20", headers: auth(ctx) } }),
  },
  {
    name: "list-deep",
    label: "GET /v1/transactions (deep page)",
    floor: "select",
    target: { minRatio: 0.45 },
    expected: [200],
    prepare: deepListPath,
  },
  {
    name: "buyer",
    label: "POST /v1/buyers",
    floor: "insert",
    target: { minRatio: 0.5 },
    expected: [201],
    prepare: async (ctx) => {
      const body = JSON.stringify(buyerBody());
      expectStatus("buyer setup", await callApi(ctx, "POST", "/v1/buyers", body), 201);
      return { spec: { method: "POST", path: "/v1/buyers", headers: auth(ctx), body } };
    },
  },
  {
    name: "link-pix",
    label: "Open a link's checkout and pay by PIX (2 requests, no key)",
    floor: "insert",
    // Issue 33, item 4 (docs/performance.md).
    target: { minRatio: 0.45 },
    expected: [201],
    prepare: payLinkByPix,
  },
  searchOp("search-cpf", "CPF with punctuation", "document=390.533.447-05", () => 1),
  searchOp("search-name", "name prefix", "name=joana%20ferreira", () => 1),
  // seed.ts gives the clones last 4 digits seq.n % 10000: "0042" is 1 in 10,000 of them.
  searchOp("search-last4", "card last 4", "cardLast4=0042", (ctx) => Math.floor((ctx.rows + 10_000 - 42) / 10_000)),
  {
    // Last: its charges live at the PSP simulator, which only this operation's run starts (live-pix.ts).
    name: "live-pix",
    label: "POST /v1/transactions (live PIX through the PSP simulator, new key)",
    floor: "insert",
    target: null,
    expected: [201],
    prepare: async (ctx) => {
      if (!ctx.liveApiKey) throw new Error("no live key: the PSP simulator was not set up");
      const live = { host: ctx.host, apiKey: ctx.liveApiKey };
      expectStatus("live PIX setup", await callApi(live, "POST", "/v1/transactions", PIX_BODY, { "idempotency-key": `bench-live-${Date.now()}` }), 201);
      return { spec: { method: "POST", path: "/v1/transactions", headers: { "x-api-key": ctx.liveApiKey }, body: PIX_BODY, uniqueHeader: "idempotency-key" } };
    },
  },
];

/** The floor's request for an operation: same method, headers and body, the floor's path. */
export function floorSpec(op: Operation, project: RequestSpec, paths: { insertPath: string; selectPath: string }): RequestSpec {
  // A sequence is compared to one floor statement per operation: the floor sends the PIX body.
  const { sequence, ...single } = project;
  if (sequence) single.body ??= PIX_BODY;
  return op.floor === "insert"
    ? { ...single, method: "POST", path: paths.insertPath }
    : { method: "GET", path: paths.selectPath, headers: single.headers };
}
