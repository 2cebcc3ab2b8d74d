/**
 * Pagination with the spec's envelope, plus a cursor for deep pages.
 *
 * `page` is zero-based; `size` defaults to 20 and may not exceed 100 (a larger size is a 400
 * naming the limit, not a silent clamp, so a client never believes it read everything when it
 * did not). A page number costs its offset: page 20 000 walks 400 000 index entries. Every page
 * therefore also carries `nextCursor`, an opaque position after its last item; sending it back as
 * `cursor` reads the next page at the cost of the first, however deep (docs/pagination.md).
 * `totalItems` comes from counters kept with every write, never from counting rows.
 */
import { z } from "@hono/zod-openapi";
import { base64urlToText, textToBase64url } from "./base64url";
import { validationError } from "./validation";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** A non-negative decimal integer written plainly: no sign, exponent, hex, spaces or leading zeros. */
function plainInteger(name: string, min: number, max: number, fallback: number, description: string) {
  return z
    .string()
    .regex(/^(0|[1-9][0-9]{0,8})$/, `${name} must be a plain decimal integer (digits only)`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, min === 0 ? `${name} is zero-based and cannot be negative` : `${name} must be at least ${min}`)
        .max(max, `${name} cannot exceed ${max}`),
    )
    .optional()
    .transform((v) => v ?? fallback)
    .openapi({
      param: { name, in: "query" },
      type: "integer",
      minimum: min,
      maximum: max,
      default: fallback,
      example: fallback,
      description,
    });
}

/** Query parameter `limit` of the lists that page by position (webhook deliveries, events): 1 to 100, default 50. */
export const LimitQuery = plainInteger("limit", 1, MAX_PAGE_SIZE, 50, `1 to ${MAX_PAGE_SIZE}; default 50.`);

/** Query parameters `page`, `size` and `cursor`, validated and defaulted. */
export const PageQuery = z.object({
  page: plainInteger("page", 0, 999_999_999, 0, "Zero-based page number. For deep pages prefer `cursor`."),
  size: plainInteger("size", 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, `Page size, 1 to ${MAX_PAGE_SIZE}.`),
  cursor: z
    .string()
    .max(512, "cursor is at most 512 characters")
    .optional()
    .openapi({
      param: { name: "cursor", in: "query" },
      description: "The `nextCursor` of the previous page: reads the page after it (then `page` is ignored).",
    }),
});

export type PageParams = z.infer<typeof PageQuery>;

/** Where a page starts: after the item at (createdAt, id), or at an offset. */
export type PageStart = { after: { createdAt: string; id: string }; page: number } | { offset: number; page: number };

/** The start a query asks for; a cursor this API did not issue is a 400 naming `cursor`. */
export function pageStart({ page, size, cursor }: PageParams): PageStart {
  if (cursor === undefined) return { offset: page * size, page };
  try {
    const [p, createdAt, id] = JSON.parse(base64urlToText(cursor)) as unknown[];
    if (Number.isSafeInteger(p) && (p as number) >= 0 && typeof createdAt === "string" && typeof id === "string") {
      return { after: { createdAt, id }, page: p as number };
    }
  } catch {
    // falls through to the 400
  }
  throw validationError([{ path: "cursor", in: "query", code: "invalid_cursor", message: "is not a cursor this API issued (use a page's nextCursor)" }]);
}

/** The cursor of the page after one whose last item is `last`. */
export function cursorAfter(page: number, last: { createdAt: string; id: string }): string {
  return textToBase64url(JSON.stringify([page + 1, last.createdAt, last.id]));
}

/** The example of a page: the item's example as its only item (what the /docs reference shows). */
export function pageExample<T>(item: T): Page<T> {
  return { items: [item], page: 1, size: 20, totalItems: 1, totalPages: 1, hasNext: false, hasPrevious: false, isFirst: true, isLast: true, nextCursor: null };
}

/** The envelope schema for a list of `item`; `example`: an item's, shown as a page of it. */
export function pageEnvelope<T extends z.ZodType>(item: T, name: string, example?: unknown) {
  return z
    .object({
      items: z.array(item),
      page: z.number().int(),
      size: z.number().int(),
      totalItems: z.number().int(),
      totalPages: z.number().int(),
      hasNext: z.boolean(),
      hasPrevious: z.boolean(),
      isFirst: z.boolean(),
      isLast: z.boolean(),
      nextCursor: z
        .string()
        .nullable()
        .openapi({ description: "Send as `cursor` to read the next page at constant cost; null on the last page." }),
    })
    .openapi(name, example === undefined ? {} : { example: pageExample(example) });
}

/** The envelope type for items of type T. */
export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  totalItems: number;
  totalPages: number;
  hasNext: boolean;
  hasPrevious: boolean;
  isFirst: boolean;
  isLast: boolean;
  nextCursor: string | null;
}

/**
 * How many rows a page query reads: after a cursor, one more than the page, whose presence says
 * whether a next page exists (the position is unknown, so the total cannot); by page number,
 * exactly the page, the total saying the rest.
 */
export function pageLimit(start: PageStart, size: number): number {
  return "after" in start ? size + 1 : size;
}

/** A page's envelope: everything but its items. */
export type PageEnvelope = Omit<Page<never>, "items">;

/**
 * Wraps one page of rows (read with `pageLimit`) in the envelope. Map `items` afterwards. `read`
 * is how many rows the query found of `pageLimit` when it returned the page's rows alone.
 */
export function pageOf<R extends { createdAt: string; id: string }>(rows: R[], totalItems: number, start: PageStart, size: number, read = rows.length): Page<R> {
  const hasNext = "after" in start ? read > size : (start.page + 1) * size < totalItems;
  const items = rows.slice(0, size);
  const { page } = start;
  const last = items[items.length - 1];
  return {
    items,
    page,
    size,
    totalItems,
    totalPages: Math.ceil(totalItems / size),
    hasNext,
    hasPrevious: page > 0,
    isFirst: page === 0,
    isLast: !hasNext,
    nextCursor: hasNext && last ? cursorAfter(page, last) : null,
  };
}

const utf8 = new TextEncoder();

/**
 * The JSON of a page whose items are already JSON, comma-separated (rendered and joined by the
 * database): the envelope is written around them, never parsed and re-serialized. Items given as
 * UTF-8 bytes give bytes, which the host writes to the socket as they are.
 */
export function pageJson(items: string | Uint8Array, envelope: PageEnvelope): string | Uint8Array<ArrayBuffer> {
  const tail = `],${JSON.stringify(envelope).slice(1)}`;
  if (typeof items === "string") return `{"items":[${items}${tail}`;
  const head = utf8.encode('{"items":[');
  const end = utf8.encode(tail);
  const out = new Uint8Array(head.length + items.length + end.length);
  out.set(head, 0);
  out.set(items, head.length);
  out.set(end, head.length + items.length);
  return out;
}
