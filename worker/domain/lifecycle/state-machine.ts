/**
 * One way to define a resource's lifecycle: its statuses, and the one table of allowed moves
 * (from-status × trigger → to-status, and the event the move writes). Every operation names its
 * trigger and asks its machine where it leads; nothing else decides a resource's next status. A
 * pair not in the table is refused with 409 INVALID_STATE_TRANSITION naming the current status
 * and the statuses the trigger may start from.
 *
 * Transactions, sellers, payment links and subscriptions are instances (each in its own
 * resource folder); test/domain/state-machine.test.ts walks every machine in STATE_MACHINES.
 */
import { ApiError } from "../../lib/problem";

/** One allowed move. `event` is written in the same batch as the move; null writes none. */
export interface Move<S extends string, T extends string, E extends string> {
  from: S;
  trigger: T;
  to: S;
  event: E | null;
}

/** What a machine is defined from. */
export interface MachineDefinition<S extends string, T extends string, E extends string> {
  /** The resource's name in errors: "The transaction is PAID; …". */
  resource: string;
  statuses: readonly S[];
  /** How each trigger reads in an error: "only a PENDING transaction can be paid". */
  verbs: Record<T, string>;
  moves: readonly Move<S, T, E>[];
}

/** A defined machine: its table, and the questions every operation asks of it. */
export interface StateMachine<S extends string, T extends string, E extends string> extends MachineDefinition<S, T, E> {
  triggers: readonly T[];
  /** The move for (from, trigger), or null when the table has none. */
  find(from: S, trigger: T): Move<S, T, E> | null;
  /** The statuses `trigger` may start from, in the order of `statuses`. */
  statusesAllowing(trigger: T): S[];
  /** The move for (from, trigger); a 409 naming the current and allowed statuses when there is none. */
  require(from: S, trigger: T): Move<S, T, E>;
}

/** Defines a machine from its table. */
export function defineStateMachine<S extends string, T extends string, E extends string>(def: MachineDefinition<S, T, E>): StateMachine<S, T, E> {
  const find = (from: S, trigger: T) => def.moves.find((m) => m.from === from && m.trigger === trigger) ?? null;
  const statusesAllowing = (trigger: T) => def.statuses.filter((s) => find(s, trigger));
  return {
    ...def,
    triggers: Object.keys(def.verbs) as T[],
    find,
    statusesAllowing,
    require(from, trigger) {
      const move = find(from, trigger);
      if (move) return move;
      const allowed = statusesAllowing(trigger);
      throw new ApiError("INVALID_STATE_TRANSITION", `The ${def.resource} is ${from}; only a ${allowed.join(" or ")} ${def.resource} can ${def.verbs[trigger]}.`, {
        extensions: { currentStatus: from, allowedStatuses: allowed },
      });
    },
  };
}

/** Any machine, for code that walks them all. */
export type AnyStateMachine = StateMachine<string, string, string>;
