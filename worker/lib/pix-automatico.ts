/**
 * The PIX Automático port: what the gateway asks of a PSP to run a recurrence (`rec`) the payer
 * authorizes once in their bank's app, and the charge instruction (`cobr`) sent each period, which
 * the payer's bank pays on the due date (BCB API Pix 2.9.0: /locrec, /rec, /solicrec, /cobr and
 * the webhookrec / webhookcobr callbacks). Types only; the connector is worker/connectors/bcb-pix/
 * (automatico.ts). Errors are the PixPsp port's: PspUnavailableError (retry later) and
 * PspRejectedError (4xx; a request the document would refuse is one too, before it is sent).
 *
 * Statuses are the gateway's closed words, not the document's: one table per machine maps them
 * (worker/connectors/bcb-pix/automatico-mapping.ts).
 */
import type { AUTHORIZATION_JOURNEYS, RECURRENCE_CANCELLERS, RECURRENCE_PERIODICITIES, RECURRENCE_RETRY_POLICIES, RECURRENCE_STATUSES } from "../../shared/subscriptions";
import type { PixChargeRequest } from "./acquirer";

/** How often the recurrence charges (the document's `periodicidade`). */
export type RecurrencePeriodicity = (typeof RECURRENCE_PERIODICITIES)[number];
/** Whether a failed charge may be retried: NAO_PERMITE, or up to 3 retries in 7 days. */
export type RecurrenceRetryPolicy = (typeof RECURRENCE_RETRY_POLICIES)[number];

/** A recurrence the gateway asks the PSP to create (`POST /rec`; the PSP names it: idRec). */
export interface RecurrenceRequest {
  /** The contract id the payer's bank shows (vinculo.contrato, ≤ 35 characters). */
  contract: string;
  /** What is paid for, shown to the payer (vinculo.objeto, ≤ 35 characters). */
  object?: string;
  /** The payer (vinculo.devedor): CPF or CNPJ and name. */
  debtor: NonNullable<PixChargeRequest["debtor"]>;
  /** First payment's date and, for a fixed term, the last (YYYY-MM-DD). */
  startDate: string;
  endDate?: string;
  periodicity: RecurrencePeriodicity;
  /** FIXED: every charge is `amount` (valorRec); VARIABLE: at least `minimum`, if given (valorMinimoRecebedor). */
  amount: { kind: "FIXED"; amount: number } | { kind: "VARIABLE"; minimum?: number };
  retryPolicy: RecurrenceRetryPolicy;
  /** The recurrence location (`POST /locrec`) whose QR authorizes it (journeys 2 and 3). */
  locationId?: number;
  /** Journey 3: the txid of the cob paid together with the authorization (ativacao.dadosJornada.txid). */
  firstChargeTxid?: string;
}

/** A recurrence location: its id (for `rec.loc`) and URL (without scheme, as in a BR Code). */
export interface RecurrenceLocation {
  id: number;
  location: string;
}

/** A recurrence's status in the gateway's words (table: REC_STATUSES). */
export type RecurrenceStatus = (typeof RECURRENCE_STATUSES)[number];
/** Who ended a CANCELLED recurrence (encerramento.cancelamento.solicitante). */
export type RecurrenceCanceller = (typeof RECURRENCE_CANCELLERS)[number];
/** How the payer authorized it (ativacao.tipoJornada); null while waiting. */
export type AuthorizationJourney = (typeof AUTHORIZATION_JOURNEYS)[number];

/** A recurrence as the PSP holds it, or as a webhookrec callback reports it. */
export interface PspRecurrence {
  id: string;
  status: RecurrenceStatus;
  journey: AuthorizationJourney | null;
  /** Journey 3's cob, when the recurrence names it. */
  firstChargeTxid?: string;
  /** REJECTED or CANCELLED: the document's code and description; CANCELLED: by whom. */
  ending?: { code: string; description: string; by?: RecurrenceCanceller };
  /** The location whose QR authorizes it, when linked. */
  location?: RecurrenceLocation;
  /** `getRecurrence(id, txid)`: the composite BR Code (journey 3: the cob + the authorization). */
  compositeBrCode?: string;
}

/** Journey 1: a push request to the payer's bank, for a payer whose account the seller knows (`POST /solicrec`). */
export interface AuthorizationPushRequest {
  recurrenceId: string;
  /** The account holder's CPF or CNPJ (digits). */
  payer: { documentType: "CPF" | "CNPJ"; document: string };
  /** The payer's bank (ISPB, 8 characters), branch (≤ 4) and account (≤ 20). */
  account: { ispb: string; branch?: string; number: string };
  /** When the request stops being answerable (RFC 3339). */
  expiresAt: string;
}

/** A push request as the PSP holds it (SolicRec). */
export interface PspAuthorizationPush {
  id: string;
  recurrenceId: string;
  status: "CREATED" | "SENT" | "RECEIVED" | "ACCEPTED" | "REJECTED" | "EXPIRED" | "CANCELLED";
}

/** The receiver's account at the PSP that the charges are paid into (cobr.recebedor). */
export interface ReceiverAccount {
  branch?: string;
  number: string;
  type: "CORRENTE" | "POUPANCA" | "PAGAMENTO";
}

/** One period's charge instruction (`PUT /cobr/{txid}`); `txid` is the gateway's, so a retry asks for the same one. */
export interface RecurringChargeRequest {
  txid: string;
  recurrenceId: string;
  /** Minor units (centavos). */
  amount: number;
  /** YYYY-MM-DD; the BCB wants the instruction 2 to 10 days before it. */
  dueDate: string;
  /** Move a due date that is not a business day to the next one (ajusteDiaUtil). */
  adjustToBusinessDay: boolean;
  receiverAccount: ReceiverAccount;
  /** infoAdicional, ≤ 140 characters. */
  info?: string;
}

/** A charge instruction's status in the gateway's words (table: COBR_STATUSES). */
export type RecurringChargeStatus = "CREATED" | "ACTIVE" | "PAID" | "EXPIRED" | "REJECTED" | "CANCELLED";
/** One settlement attempt's status (table: ATTEMPT_STATUSES). */
export type ChargeAttemptStatus = "REQUESTED" | "SCHEDULED" | "PAID" | "CANCELLED" | "FAILED" | "EXPIRED";

/** One attempt to settle a charge: the scheduled one (AGND), an unscheduled one (NTAG) or a retry (RIFL). */
export interface PspChargeAttempt {
  kind: "SCHEDULED" | "UNSCHEDULED" | "RETRY";
  settlementDate: string;
  status: ChargeAttemptStatus;
  endToEndId: string;
  /** FAILED: the payer's bank's code (e.g. a refusal for funds) and description. */
  failure?: { code: string; description: string };
}

/** A charge instruction as the PSP holds it, or as a webhookcobr callback reports it. */
export interface PspRecurringCharge {
  txid: string;
  recurrenceId: string;
  status: RecurringChargeStatus;
  /** Absent in a callback (the document's notification does not carry it). */
  amount?: number;
  dueDate?: string;
  attempts: PspChargeAttempt[];
  /** REJECTED or CANCELLED: code and description; CANCELLED: by whom. */
  ending?: { code: string; description: string; by?: RecurrenceCanceller };
}

/**
 * A PSP's PIX Automático (worker/connectors/bcb-pix/automatico.ts). Every method throws the PixPsp
 * port's errors: PspUnavailableError (unreachable, 5xx) and PspRejectedError (refused, 4xx).
 */
export interface PixAutomaticoPsp {
  readonly name: string;
  /** A new recurrence location (`POST /locrec`), to link to a recurrence whose QR authorizes it. */
  createLocation(): Promise<RecurrenceLocation>;
  /** Creates the recurrence (`POST /rec`): CREATED until the payer answers. */
  createRecurrence(request: RecurrenceRequest): Promise<PspRecurrence>;
  /** The recurrence, or null; with `txid` (a cob), its composite BR Code (journey 3). */
  getRecurrence(id: string, txid?: string): Promise<PspRecurrence | null>;
  /** The receiver cancels it (`PATCH /rec/{idRec}` status CANCELADA). */
  cancelRecurrence(id: string): Promise<PspRecurrence>;
  /** Journey 1: a push request to the payer's bank (`POST /solicrec`). */
  requestAuthorization(request: AuthorizationPushRequest): Promise<PspAuthorizationPush>;
  /** Sends a period's charge instruction; a retry with the same txid answers the one already there. */
  createCharge(request: RecurringChargeRequest): Promise<PspRecurringCharge>;
  /** The charge instruction, or null when the PSP has none. */
  getCharge(txid: string): Promise<PspRecurringCharge | null>;
  /** The receiver cancels a charge instruction (`PATCH /cobr/{txid}` status CANCELADA). */
  cancelCharge(txid: string): Promise<PspRecurringCharge>;
  /** Asks a retry of a failed charge on `date` (YYYY-MM-DD), under PERMITE_3R_7D. */
  retryCharge(txid: string, date: string): Promise<PspRecurringCharge>;
  /** Registers the callback URLs: recurrences (`PUT /webhookrec`) and charge instructions (`PUT /webhookcobr`). */
  registerWebhooks(urls: { recurrences: string; charges: string }): Promise<void>;
}
