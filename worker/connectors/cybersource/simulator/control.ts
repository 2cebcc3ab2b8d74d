/**
 * The simulator's controls (README.md): faults for the next API calls (a 502 before the work, or
 * after it so the answer is lost; a slow answer), what it received (the PAN masked, no signature,
 * digest or JWT kept), the challenges it holds, and the same over HTTP under `/__sim/`.
 */
import type { ServerResponse } from "node:http";
import type { ApiResult, SimState } from "./api";
import { maskPan } from "./fields";

/** One request the simulator received (API or pages). */
export interface SimRequest {
  side: "api" | "pages";
  method: string;
  path: string;
  status: number;
  /** API only: the body with `paymentInformation.card.number` masked (first 6, last 4). */
  body?: unknown;
  /** API only: why the signature was refused, when it was. */
  signatureProblem?: string;
  at: string;
}

/** A fault for the next API calls: `status` (502) with `reason`, before the work or after it (the answer lost). */
export interface FailRule {
  count?: number;
  status?: number;
  reason?: "SYSTEM_ERROR" | "SYSTEM_TIMEOUT";
  /** Only calls to this API path; default any. */
  path?: string;
  afterProcessing?: boolean;
}

export interface CybersourceSimulatorControl {
  failNext(rule?: FailRule): void;
  /** The next `count` API calls are done, then answered only after `ms` (a client's timeout). */
  delayNext(ms: number, count?: number): void;
  requests(): SimRequest[];
  /** The challenges enrolled: id, masked card, scenario and result (PENDING, Y, N). */
  challenges(): Array<{ id: string; card: string; scenario: string; result: string }>;
  /** Forgets setups, challenges, faults and the request log. */
  reset(): void;
}

/** The controls, and what the API's handler asks of them. */
export interface Controls {
  control: CybersourceSimulatorControl;
  log: SimRequest[];
  /** The 502 a call to `path` meets now (before or after its work), if a rule says so; counted down. */
  faultFor(path: string, afterProcessing: boolean): ApiResult | undefined;
  /** How long to hold the next answer, if a delay was asked for. */
  nextDelay(): number | undefined;
}

export function createControls(state: SimState): Controls {
  const log: SimRequest[] = [];
  let rules: Array<Required<Omit<FailRule, "path">> & { path?: string }> = [];
  let delays: number[] = [];
  const control: CybersourceSimulatorControl = {
    failNext: (rule = {}) => rules.push({ count: rule.count ?? 1, status: rule.status ?? 502, reason: rule.reason ?? "SYSTEM_ERROR", path: rule.path, afterProcessing: rule.afterProcessing ?? false }),
    delayNext: (ms, count = 1) => delays.push(...Array<number>(count).fill(ms)),
    requests: () => structuredClone(log),
    challenges: () => [...state.challenges.values()].map((c) => ({ id: c.id, card: maskPan(c.number), scenario: c.scenario, result: c.result })),
    reset: () => {
      state.setups.clear();
      state.challenges.clear();
      rules = [];
      delays = [];
      log.length = 0;
    },
  };
  return {
    control,
    log,
    faultFor(path, afterProcessing) {
      const rule = rules.find((r) => r.afterProcessing === afterProcessing && (r.path === undefined || r.path === path));
      if (!rule) return undefined;
      if (--rule.count === 0) rules.splice(rules.indexOf(rule), 1);
      const message = rule.reason === "SYSTEM_TIMEOUT" ? "Error - Server or service timeout." : "Error - General system failure.";
      return { status: rule.status, body: { submitTimeUtc: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"), status: "SERVER_ERROR", reason: rule.reason, message } };
    },
    nextDelay: () => delays.shift(),
  };
}

/** The control API over HTTP (no signature), for the CLI and tests that prefer it. */
export function controlRoute(control: CybersourceSimulatorControl, method: string, path: string, input: unknown, res: ServerResponse): void {
  const json = (status: number, body: unknown): void => {
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  };
  if (!input || typeof input !== "object") return json(400, { error: "body must be a JSON object" });
  const fields = input as Record<string, unknown>;
  switch (`${method} ${path}`) {
    case "POST /__sim/fail-next":
      control.failNext(fields as FailRule);
      return json(200, { ok: true });
    case "POST /__sim/delay-next":
      control.delayNext(Number(fields.ms ?? 0), Number(fields.count ?? 1));
      return json(200, { ok: true });
    case "POST /__sim/reset":
      control.reset();
      return json(200, { ok: true });
    case "GET /__sim/requests":
      return json(200, control.requests());
    case "GET /__sim/challenges":
      return json(200, control.challenges());
    default:
      return json(404, { error: "unknown control route" });
  }
}

/** The body with its card number masked: all the request log keeps of a PAN. */
export function masked(body: unknown): unknown {
  const copy = structuredClone(body) as { paymentInformation?: { card?: { number?: unknown } } } | null;
  const card = copy?.paymentInformation?.card;
  if (card && typeof card.number === "string") card.number = maskPan(card.number);
  return copy;
}
