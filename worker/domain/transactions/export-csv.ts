/**
 * The filtered payments as a CSV file (docs/dashboard.md, "Exporting payments"), streamed: a
 * ReadableStream whose every pull reads the next page of EXPORT_PAGE rows after the last one sent
 * (the keyset position of db/keyset.ts, an index seek however deep), so 100,000 rows cost the
 * memory of one page, and the first bytes leave before the last page is read.
 *
 * Dates are the seller's wall clock (its time zone setting, docs/sellers.md), as dd/mm/yyyy.
 * Rows are read as stored, with no expiry pass: a PENDING charge past its time shows PENDING until
 * the minute's sweep expires it (the list, which shows twenty, expires them first).
 */
import { and, desc, sql } from "drizzle-orm";
import { transactions as t } from "../../db/schema";
import { brDateTime, CSV_BOM, csvLine, decimalComma } from "../../lib/csv";
import type { Platform } from "../../platform";
import { timeZoneOf } from "../seller-settings";
import type { Scope } from "../scope";
import { filterWhere, type TransactionFilters } from "./search-filter";

/** Rows per database read: a few hundred keeps round trips few (Turso over HTTP) and memory flat. */
export const EXPORT_PAGE = 500;

const HEADER = [
  "ID", "Criado em", "Pago em", "Status", "Método", "Valor (R$)", "Taxa (R$)", "Líquido (R$)", "Descrição",
  "Comprador", "E-mail", "Documento", "Cartão", "Final do cartão", "Parcelas", "E2E PIX", "Link de pagamento",
];

const columns = {
  id: t.id, createdAt: t.createdAt, paidAt: t.paidAt, status: t.status, paymentMethod: t.paymentMethod, amount: t.amount,
  feeAmount: t.feeAmount, netAmount: t.netAmount, description: t.description,
  name: sql<string | null>`${t.customer} ->> '$.name'`, email: sql<string | null>`${t.customer} ->> '$.email'`,
  document: sql<string | null>`${t.customer} ->> '$.document'`, cardBrand: t.cardBrand, cardLast4: t.cardLast4,
  installments: t.installments, endToEndId: t.pixEndToEndId, paymentLinkId: t.paymentLinkId,
};

/** The scope's transactions matching `filters`, newest first, as CSV bytes (BOM, header, rows). */
export async function exportCsv(platform: Platform, scope: Scope, filters: TransactionFilters, pageSize = EXPORT_PAGE): Promise<ReadableStream<Uint8Array>> {
  const where = await filterWhere(platform.vault, scope, filters);
  // The shop's days, as its overview counts them: the seller's time zone (America/Sao_Paulo unless set).
  const when = brDateTime(await timeZoneOf(platform.db, scope.sellerId));
  const encoder = new TextEncoder();
  let after: { createdAt: string; id: string } | null = null;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(HEADER)));
    },
    // Called when the reader wants more: one page per pull, so a slow download reads slowly.
    async pull(controller) {
      if (done) return;
      const position = after ? sql`(${t.createdAt}, ${t.id}) < (${after.createdAt}, ${after.id})` : undefined;
      const rows = await platform.db.select(columns).from(t).where(and(where, position)).orderBy(desc(t.createdAt), desc(t.id)).limit(pageSize);
      let text = "";
      for (const r of rows) {
        text += csvLine([
          r.id, when(r.createdAt), when(r.paidAt), r.status, r.paymentMethod, decimalComma(r.amount), decimalComma(r.feeAmount),
          decimalComma(r.netAmount), r.description, r.name, r.email, r.document, r.cardBrand, r.cardLast4, r.installments,
          r.endToEndId, r.paymentLinkId,
        ]);
      }
      if (text) controller.enqueue(encoder.encode(text));
      const last = rows[rows.length - 1];
      if (rows.length < pageSize || !last) {
        done = true;
        controller.close();
      } else after = { createdAt: last.createdAt, id: last.id };
    },
  }, { highWaterMark: 0 });
}
