/**
 * The subscription plan's lifecycle, as one table (docs/subscriptions.md, "Plans"). A plan is
 * created ACTIVE; archive makes it ARCHIVED for good (its subscriptions go on, new ones are
 * refused). Archiving an ARCHIVED plan is the same plan, unchanged: the move to itself, which
 * writes nothing, so a retried archive answers 200 as the first did. Plans have no events.
 */
import type { EventType } from "../../../shared/events";
import { PLAN_STATUSES, type PlanStatus } from "../../../shared/subscriptions";
import { defineStateMachine } from "../lifecycle/state-machine";

export type { PlanStatus };

const VERBS = {
  archive: "be archived",
} as const;
export type PlanTrigger = keyof typeof VERBS;

/** The subscription plan's machine. */
export const PLAN_MACHINE = defineStateMachine<PlanStatus, PlanTrigger, EventType>({
  resource: "subscription plan",
  statuses: PLAN_STATUSES,
  verbs: VERBS,
  moves: [
    { from: "ACTIVE", trigger: "archive", to: "ARCHIVED", event: null },
    // Idempotent: the plan as it is, nothing written.
    { from: "ARCHIVED", trigger: "archive", to: "ARCHIVED", event: null },
  ],
});
