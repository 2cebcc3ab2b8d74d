/**
 * The payment link's lifecycle, as one table (docs/payment-links.md). A link is created ACTIVE,
 * or DRAFT when the seller asks (published by activate). Deactivate blocks new payments without
 * deleting it; activate brings it back. Its `expiresAt` passing makes it EXPIRED for good: at the
 * first read or payment attempt after it, or by the minute sweep. A change of its fields (PATCH)
 * is a move to the same status. Every move writes its event, committed with it (the outbox).
 */
import type { EventType } from "../../../shared/events";
import { PAYMENT_LINK_STATUSES } from "../../../shared/payments";
import { defineStateMachine } from "../lifecycle/state-machine";

export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

const VERBS = {
  activate: "be activated",
  deactivate: "be deactivated",
  update: "be changed",
  expire: "expire",
} as const;
export type PaymentLinkTrigger = keyof typeof VERBS;

/** The payment link's machine. */
export const PAYMENT_LINK_MACHINE = defineStateMachine<PaymentLinkStatus, PaymentLinkTrigger, EventType>({
  resource: "payment link",
  statuses: PAYMENT_LINK_STATUSES,
  verbs: VERBS,
  moves: [
    { from: "DRAFT", trigger: "activate", to: "ACTIVE", event: "PAYMENT_LINK_UPDATED" },
    { from: "INACTIVE", trigger: "activate", to: "ACTIVE", event: "PAYMENT_LINK_UPDATED" },
    { from: "ACTIVE", trigger: "deactivate", to: "INACTIVE", event: "PAYMENT_LINK_UPDATED" },
    { from: "DRAFT", trigger: "update", to: "DRAFT", event: "PAYMENT_LINK_UPDATED" },
    { from: "ACTIVE", trigger: "update", to: "ACTIVE", event: "PAYMENT_LINK_UPDATED" },
    { from: "INACTIVE", trigger: "update", to: "INACTIVE", event: "PAYMENT_LINK_UPDATED" },
    { from: "DRAFT", trigger: "expire", to: "EXPIRED", event: "PAYMENT_LINK_EXPIRED" },
    { from: "ACTIVE", trigger: "expire", to: "EXPIRED", event: "PAYMENT_LINK_EXPIRED" },
    { from: "INACTIVE", trigger: "expire", to: "EXPIRED", event: "PAYMENT_LINK_EXPIRED" },
  ],
});
