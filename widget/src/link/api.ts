/**
 * A payment link's calls, which need no key (docs/payment-links.md): its public view, a checkout
 * session opened and paid with the session's client secret, and the session read back. The pay
 * answer's transaction carries what `<pay-checkout>` needs for it (publishable key, its secret).
 */
import { callGateway, type CheckoutView } from "../gateway";

/** GET /v1/payment-links/{id} without a key. */
export interface PublicLink {
  id: string;
  /** Who sells: the name buyers know, the legal name and the CNPJ (in full) or CPF (masked); no document: null. */
  merchant: { name: string; legalName: string; documentType: "CPF" | "CNPJ" | null; document: string | null };
  name: string;
  description: string | null;
  chargeType: "FIXED" | "CUSTOMER_CHOICE";
  amountInCents: number;
  minAmountInCents: number | null;
  /** The most the buyer may pay; null: no maximum of the link's own. */
  maxAmountInCents: number | null;
  currency: string;
  paymentMethods: Array<"PIX" | "CREDIT_CARD" | "DEBIT_CARD">;
  maxInstallments: number | null;
  requireCustomerDocument: boolean;
  payable: boolean;
  unpayableReason: "INACTIVE" | "DRAFT" | "EXPIRED" | "SOLD_OUT" | null;
  locale: string | null;
  /** False for a test link: nothing is charged, and the page says so. */
  livemode: boolean;
}

/** A checkout session as the buyer's page holds it. */
export interface Session {
  id: string;
  status: "OPEN" | "COMPLETED" | "EXPIRED";
  transactionId: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
}

/** The session's charge, with what the checkout of a transaction needs. */
export type SessionTransaction = CheckoutView & { clientSecret: string; publishableKey: string | null };

/** The pay answer, and GET /v1/checkout-sessions/{id}. */
export interface SessionState {
  session: Session;
  transaction: SessionTransaction | null;
}

/** What the buyer sends. */
export interface PayRequest {
  paymentMethod: "PIX" | "CREDIT_CARD" | "DEBIT_CARD";
  buyer: { name: string; email: string; phone?: string; documentType?: "CPF" | "CNPJ"; documentNumber?: string };
  amountInCents?: number;
}

const id = (value: string) => encodeURIComponent(value);

export const readLink = (linkId: string) => callGateway<PublicLink>(`/v1/payment-links/${id(linkId)}`, {});

export const openSession = (linkId: string) =>
  callGateway<Session & { clientSecret: string }>(`/v1/payment-links/${id(linkId)}/checkout-sessions`, {}, { method: "POST" });

export const readSession = (sessionId: string, clientSecret: string) =>
  callGateway<SessionState>(`/v1/checkout-sessions/${id(sessionId)}`, { "X-Client-Secret": clientSecret });

/** Pays the session; `attempt` is the Idempotency-Key of this press of the button (a retry of it replays). */
export const paySession = (sessionId: string, clientSecret: string, body: PayRequest, attempt: string) =>
  callGateway<SessionState>(`/v1/checkout-sessions/${id(sessionId)}/pay`, { "X-Client-Secret": clientSecret, "Idempotency-Key": attempt }, { method: "POST", body });
