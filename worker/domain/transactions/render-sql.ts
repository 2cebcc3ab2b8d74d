/**
 * The Transaction of serialize.ts, rendered by the database: the same fields, in the same order,
 * from the same columns, as `json_object` text. A list answers its page with these texts joined,
 * with no row object, no JSON.parse and no JSON.stringify in between: for twenty transactions that
 * was a third of the list's CPU (docs/performance.md).
 *
 * This is a second rendering of one shape, so it is held to the first: test/domain/render-sql
 * renders transactions in every state both ways and requires the same JSON. A field added to
 * `toTransaction` and not here fails that test.
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { refunds, transactions as t } from "../../db/schema";
import { PIX_PATHS } from "../pix/location";

/** A refund as `toRefund` shapes it. */
const refundSql = sql`json_object(
  'id', ${refunds.id}, 'transactionId', ${refunds.transactionId}, 'amount', ${refunds.amount},
  'originalAmount', ${refunds.originalAmount}, 'status', ${refunds.status}, 'failureReason', ${refunds.failureReason},
  'reason', ${refunds.reason}, 'requestedAt', ${refunds.requestedAt}, 'completedAt', ${refunds.completedAt})`;

/**
 * The transaction of the row being selected from `transactions`, as `toTransaction` renders it;
 * `baseUrl` (a placeholder) builds the QR image URL.
 */
export function transactionJsonSql(baseUrl: Placeholder | SQL): SQL<string> {
  const col = (c: { name: string }) => sql.raw(`"transactions"."${c.name}"`);
  const refundsArray = sql`(select coalesce(json_group_array(json(${refundSql}) order by ${refunds.requestedAt}, ${refunds.id}), '[]')
    from ${refunds} where ${refunds.transactionId} = "transactions"."id")`;
  return sql<string>`json_object(
    'id', ${col(t.id)}, 'status', ${col(t.status)}, 'paymentMethod', ${col(t.paymentMethod)}, 'amount', ${col(t.amount)},
    'currency', ${col(t.currency)}, 'description', ${col(t.description)},
    'livemode', json(case when ${col(t.livemode)} then 'true' else 'false' end), 'buyerId', ${col(t.buyerId)},
    'customer', json_object('name', ${col(t.customer)} ->> '$.name', 'email', ${col(t.customer)} ->> '$.email',
      'document', ${col(t.customer)} ->> '$.document'),
    -- endToEndId only when the PIX has one, as toTransaction leaves the key out otherwise.
    'paymentDetails', case when ${col(t.pixQrCode)} is not null and ${col(t.pixLocationId)} is not null and ${col(t.expiresAt)} is not null
      then json_patch(json_object('qrCode', ${col(t.pixQrCode)}, 'qrCodeUrl', ${baseUrl} || ${`${PIX_PATHS.qr}/`} || ${col(t.pixLocationId)},
        'expiresAt', ${col(t.expiresAt)}), case when ${col(t.pixEndToEndId)} <> '' then json_object('endToEndId', ${col(t.pixEndToEndId)}) else '{}' end) end,
    'createdAt', ${col(t.createdAt)}, 'updatedAt', ${col(t.updatedAt)}, 'paidAt', ${col(t.paidAt)},
    'cancelledAt', ${col(t.cancelledAt)}, 'cancellationReason', ${col(t.cancellationReason)},
    'refunds', json(${refundsArray}), 'idempotencyKey', ${col(t.idempotencyKey)},
    'pendingAction', case when ${col(t.status)} = 'PENDING' then json(${col(t.pendingAction)}) end,
    'feeAmount', ${col(t.feeAmount)}, 'netAmount', ${col(t.netAmount)},
    'card', case when ${col(t.cardBrand)} is not null and ${col(t.cardBin)} is not null and ${col(t.cardLast4)} is not null
      then json_object('brand', ${col(t.cardBrand)}, 'first6digits', ${col(t.cardBin)}, 'last4digits', ${col(t.cardLast4)}) end,
    'cardToken', ${col(t.cardToken)}, 'installments', ${col(t.installments)},
    'maxInstallments', ${col(t.maxInstallments)}, 'acquirer', ${col(t.acquirer)},
    'authorizationCode', ${col(t.authorizationCode)},
    'failureCode', ${col(t.failureCode)}, 'failureMessage', ${col(t.failureMessage)},
    'clientSecret', ${col(t.clientSecret)}, 'paymentLinkId', ${col(t.paymentLinkId)},
    'subscriptionId', ${col(t.subscriptionId)}, 'invoiceId', ${col(t.invoiceId)},
    'initiatedBy', coalesce(${col(t.initiatedBy)}, 'CUSTOMER'))`;
}
