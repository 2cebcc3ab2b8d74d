/**
 * Every resource's state machine, for the test that walks them all (test/domain/state-machine.test.ts).
 * A new resource with statuses adds its machine here.
 */
import type { AnyStateMachine } from "./state-machine";
import { PAYMENT_LINK_MACHINE } from "../payment-links/machine";
import { SELLER_MACHINE } from "../sub-sellers/status";
import { PLAN_MACHINE } from "../subscription-plans/machine";
import { TRANSACTION_MACHINE } from "../transactions/state-machine";
import { INVOICE_MACHINE, SUBSCRIPTION_MACHINE } from "../subscriptions/machine";
import { RECURRENCE_MACHINE } from "../pix-automatico/machine";

export const STATE_MACHINES: readonly AnyStateMachine[] = [
  TRANSACTION_MACHINE,
  SELLER_MACHINE,
  PAYMENT_LINK_MACHINE,
  PLAN_MACHINE,
  SUBSCRIPTION_MACHINE,
  INVOICE_MACHINE,
  RECURRENCE_MACHINE,
] as readonly AnyStateMachine[];
