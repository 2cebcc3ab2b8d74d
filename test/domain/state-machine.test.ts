import { describe, expect, it } from "vitest";
import { TRANSACTION_STATUSES } from "../../worker/db/schema";
import { EVENT_TYPES } from "../../shared/events";
import {
  findTransition,
  refundConclusionTrigger,
  requireTransition,
  statusesAllowing,
  TRANSITIONS,
  TRIGGERS,
} from "../../worker/domain/transactions/state-machine";
import { retryOnRace } from "../../worker/domain/transactions/transition";
import { STATE_MACHINES } from "../../worker/domain/lifecycle/machines";
import { ApiError } from "../../worker/lib/problem";

describe("the transaction state machine table", () => {
  it("has exactly one row per (from, trigger) pair", () => {
    const pairs = TRANSITIONS.map((t) => `${t.from}/${t.trigger}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it("names only known statuses, triggers and events; every trigger is used", () => {
    for (const t of TRANSITIONS) {
      expect(TRANSACTION_STATUSES).toContain(t.from);
      expect(TRANSACTION_STATUSES).toContain(t.to);
      if (t.event) expect(EVENT_TYPES).toContain(t.event);
    }
    expect(new Set(TRANSITIONS.map((t) => t.trigger))).toEqual(new Set(TRIGGERS));
  });

  it("holds the spec's rows", () => {
    expect(findTransition("PENDING", "pay")).toMatchObject({ to: "PAID", event: "TRANSACTION_PAID" });
    expect(findTransition("PENDING", "cancel")).toMatchObject({ to: "CANCELLED", event: "TRANSACTION_CANCELLED" });
    expect(findTransition("REFUND_PENDING", "refund_completed_in_full")).toMatchObject({ to: "REFUNDED", event: "TRANSACTION_REFUNDED" });
  });

  it("terminal statuses have no way out; FAILED is reached only by a declined card, with no event", () => {
    for (const status of ["CANCELLED", "REFUNDED", "FAILED"] as const) {
      expect(TRANSITIONS.filter((t) => t.from === status)).toEqual([]);
    }
    expect(TRANSITIONS.filter((t) => t.to === "FAILED")).toEqual([{ from: "PENDING", trigger: "decline", to: "FAILED", event: null }]);
  });

  // The walk: every status against every trigger, allowed exactly when the table says so.
  for (const from of TRANSACTION_STATUSES) {
    for (const trigger of TRIGGERS) {
      const row = TRANSITIONS.find((t) => t.from === from && t.trigger === trigger);
      it(`${from} × ${trigger} → ${row ? row.to : "refused (409)"}`, () => {
        if (row) {
          expect(requireTransition(from, trigger)).toBe(row);
          expect(statusesAllowing(trigger)).toContain(from);
        } else {
          expect(findTransition(from, trigger)).toBeNull();
          expect(statusesAllowing(trigger)).not.toContain(from);
          let error: unknown;
          try {
            requireTransition(from, trigger);
          } catch (err) {
            error = err;
          }
          expect(error).toBeInstanceOf(ApiError);
          expect(error).toMatchObject({ code: "INVALID_STATE_TRANSITION", status: 409 });
          expect((error as ApiError).message).toContain(from);
          expect((error as ApiError).extensions).toEqual({ currentStatus: from, allowedStatuses: statusesAllowing(trigger) });
        }
      });
    }
  }
});

describe("refundConclusionTrigger", () => {
  it.each([
    ["COMPLETED", 0, 1000, 1000, "refund_completed_in_full"],
    ["COMPLETED", 0, 400, 1000, "refund_completed_partially"],
    ["COMPLETED", 1, 400, 1000, "refund_completed_others_pending"],
    ["FAILED", 0, 0, 1000, "refund_failed"],
    ["FAILED", 2, 0, 1000, "refund_failed_others_pending"],
  ] as const)("%s with %i others pending, %i of %i refunded → %s", (outcome, pending, refunded, amount, trigger) => {
    expect(refundConclusionTrigger(outcome, pending, refunded, amount)).toBe(trigger);
  });
});

describe("retryOnRace", () => {
  it("gives up with a 409 CONCURRENT_MODIFICATION, not a 500, when every round is lost", async () => {
    let rounds = 0;
    const attempt = async () => {
      rounds++;
      return null;
    };
    await expect(retryOnRace(attempt)).rejects.toMatchObject({ code: "CONCURRENT_MODIFICATION", status: 409 });
    expect(rounds).toBe(5);
  });
});

/**
 * Every machine of domain/lifecycle/machines.ts, walked the same way: one row per pair, known
 * statuses and events, and every status × trigger either the table's move or a 409 naming the
 * current and allowed statuses.
 */
describe("every state machine", () => {
  it("lists the transaction and seller machines", () => {
    expect(STATE_MACHINES.map((m) => m.resource)).toEqual(expect.arrayContaining(["transaction", "seller"]));
  });
  for (const machine of STATE_MACHINES) {
    describe(`the ${machine.resource} machine`, () => {
      it("has one row per (from, trigger), names only its statuses and known events, and uses every trigger", () => {
        const pairs = machine.moves.map((m) => `${m.from}/${m.trigger}`);
        expect(new Set(pairs).size).toBe(pairs.length);
        for (const m of machine.moves) {
          expect(machine.statuses).toContain(m.from);
          expect(machine.statuses).toContain(m.to);
          if (m.event) expect(EVENT_TYPES).toContain(m.event);
        }
        expect(new Set(machine.moves.map((m) => m.trigger))).toEqual(new Set(machine.triggers));
      });
      for (const from of machine.statuses) {
        for (const trigger of machine.triggers) {
          const row = machine.moves.find((m) => m.from === from && m.trigger === trigger);
          it(`${from} × ${trigger} → ${row ? row.to : "refused (409)"}`, () => {
            if (row) {
              expect(machine.require(from, trigger)).toBe(row);
              return;
            }
            expect(machine.find(from, trigger)).toBeNull();
            let error: unknown;
            try {
              machine.require(from, trigger);
            } catch (err) {
              error = err;
            }
            expect(error).toMatchObject({ code: "INVALID_STATE_TRANSITION", status: 409, extensions: { currentStatus: from, allowedStatuses: machine.statusesAllowing(trigger) } });
            expect((error as ApiError).message).toContain(`The ${machine.resource} is ${from}`);
          });
        }
      }
    });
  }
});
