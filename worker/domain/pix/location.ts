/**
 * The PIX location: the URL inside a dynamic BR Code, served by this service as the PSP, where
 * the payer's bank fetches the charge as a JWS signed with the service's key (BCB API Pix
 * "cob" payload). Also the QR image URL and the JWKS that verifies the signature.
 *
 * Every URL here is built from the platform's base URL and the transaction's random location id
 * (32 base62 characters, ~190 bits): unguessable, so they need no authentication.
 */
import { formatMinor } from "../../../shared/currency";
import type { CustomerRow, TransactionStatus } from "../../db/schema";
import { importSigningKey, type SigningKey } from "./jws";

/** The path prefixes, shared with the routes so the two can never drift apart. */
export const PIX_PATHS = {
  location: "/pix/loc",
  qr: "/pix/qr",
  jwks: "/pix/jwks.json",
} as const;

/**
 * Characters of a new location id: 25 base62 characters (~149 bits) keep the location URL short
 * enough that a base URL of up to 43 characters fits the BR Code's 77 (docs/pix.md). Charges made
 * before carry 32; both resolve.
 */
export const LOCATION_ID_LENGTH = 25;
/** Every location id ever issued. */
export const LOCATION_ID = /^[0-9A-Za-z]{25,32}$/;

/** The longest location URL a BR Code can carry (its 26-25 field). */
export const MAX_LOCATION_URL = 77;

/** The longest public base URL (scheme excluded) whose location URLs still fit a BR Code. */
export const MAX_BASE_URL_LENGTH = MAX_LOCATION_URL - `${PIX_PATHS.location}/`.length - LOCATION_ID_LENGTH;

/** The location URL as the BR Code carries it: no scheme, e.g. `pay.example.com/pix/v2/cob/AbC…`. */
export function locationUrl(baseUrl: string, locationId: string): string {
  return `${baseUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")}${PIX_PATHS.location}/${locationId}`;
}

/** The QR image URL (SVG; PNG with `?format=png`). */
export function qrImageUrl(baseUrl: string, locationId: string): string {
  return `${baseUrl}${PIX_PATHS.qr}/${locationId}`;
}

/** The JWKS URL, named by the JWS `jku` header. */
export function jwksUrl(baseUrl: string): string {
  return `${baseUrl}${PIX_PATHS.jwks}`;
}

/** The BCB cob status for a transaction status. */
export function cobStatus(status: TransactionStatus, cancellationReason: string | null): string {
  switch (status) {
    case "PENDING":
      return "ATIVA";
    case "PAID":
    case "REFUND_PENDING":
    case "REFUNDED":
      return "CONCLUIDA";
    case "CANCELLED":
      return cancellationReason === "REQUESTED" ? "REMOVIDA_PELO_USUARIO_RECEBEDOR" : "REMOVIDA_PELO_PSP";
    default:
      return "REMOVIDA_PELO_PSP";
  }
}

/** What the cob payload is built from. */
export interface CobSource {
  txid: string;
  status: TransactionStatus;
  cancellationReason: string | null;
  amount: number;
  createdAt: string;
  expiresAt: string;
  /** The receiving PIX key. */
  key: string;
  customer: CustomerRow;
  description: string | null;
  /** False for a test charge, which the payload says in words a payer's app shows. */
  livemode: boolean;
  /** A charge with a due date (cobv): the due date (YYYY-MM-DD) and the days it stays payable after it. */
  pixDueDate?: string | null;
  pixDaysAfterDue?: number | null;
}

/** What a test charge's payload says, in `infoAdicionais`, so nobody mistakes it for a real one. */
export const SANDBOX_NOTICE = { nome: "Ambiente", valor: "SANDBOX - cobranca de teste, nao pague" } as const;

/**
 * The charge as the BCB's API Pix describes it: an immediate charge ("cob", valid for
 * `expiracao` seconds) or, when it has a due date (a subscription's invoice), a charge with a due
 * date ("cobv": `dataDeVencimento` and `validadeAposVencimento`, the days it may still be paid
 * after it). The payer's document is masked: the location answers anyone who holds the QR code,
 * so it must not hand out a CPF. A test charge carries SANDBOX_NOTICE in `infoAdicionais`,
 * inside the signature.
 */
export function cobPayload(c: CobSource, presentedAt: Date) {
  const document = c.customer.document;
  const calendario = c.pixDueDate
    ? { criacao: c.createdAt, apresentacao: presentedAt.toISOString(), dataDeVencimento: c.pixDueDate, validadeAposVencimento: c.pixDaysAfterDue ?? 0 }
    : { criacao: c.createdAt, apresentacao: presentedAt.toISOString(), expiracao: Math.round((Date.parse(c.expiresAt) - Date.parse(c.createdAt)) / 1000) };
  return {
    calendario,
    txid: c.txid,
    revisao: 0,
    status: cobStatus(c.status, c.cancellationReason),
    // A payment link's buyer may have given no document: then the cob names no payer (it is optional).
    ...(document ? { devedor: { nome: c.customer.name, ...(c.customer.documentType === "CPF" ? { cpf: document } : { cnpj: document }) } } : {}),
    valor: { original: formatMinor(c.amount, "BRL") },
    chave: c.key,
    ...(c.description ? { solicitacaoPagador: c.description } : {}),
    ...(c.livemode ? {} : { infoAdicionais: [SANDBOX_NOTICE] }),
  };
}

const keys = new WeakMap<JsonWebKey, Promise<SigningKey>>();

/** The imported signing key for a config's JWK, imported once per JWK object. */
export function signingKeyFor(jwk: JsonWebKey): Promise<SigningKey> {
  let key = keys.get(jwk);
  if (!key) {
    key = importSigningKey(jwk);
    keys.set(jwk, key);
  }
  return key;
}
