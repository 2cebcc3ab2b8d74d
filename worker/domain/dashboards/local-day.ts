/**
 * The SQL that names the seller's day of a stored timestamp. libSQL has no tz database, so the
 * zone's offsets within the period are computed here (lib/time-zone.ts) and written into the
 * query: `date(created_at, '<offset> seconds')` per stretch of one offset, a CASE over the
 * instants the offset changes (none for São Paulo since 2019; two a year where there is DST).
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { offsetSpans } from "../../lib/time-zone";
import type { Period } from "./period";

/** `date(column, '±N seconds')`: the calendar day of the instant moved by the offset. */
function shifted(column: AnyColumn, offset: number): SQL {
  // Inlined rather than bound: the SELECT and the GROUP BY must be the same text for SQLite to
  // group by the expression it selects. Both values are integers/ISO strings computed here.
  return sql`date(${column}, ${sql.raw(`'${Math.trunc(offset)} seconds'`)})`;
}

/** The YYYY-MM-DD day, in the period's zone, of the timestamp `column` (ISO 8601 UTC text). */
export function localDaySql(column: AnyColumn, period: Period): SQL<string> {
  const spans = offsetSpans(period.timeZone, period.from.getTime(), period.to.getTime());
  if (spans.length === 1) return shifted(column, spans[0]!.offset) as SQL<string>;
  const cases = spans.map((span) =>
    span.until === null
      ? sql` else ${shifted(column, span.offset)}`
      : sql` when ${column} < ${sql.raw(`'${new Date(span.until).toISOString()}'`)} then ${shifted(column, span.offset)}`,
  );
  return sql<string>`(case${sql.join(cases)} end)`;
}
