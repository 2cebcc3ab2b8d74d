/**
 * Page-number pagination with the spec's envelope. `page` is zero-based; `size` defaults to 20
 * and may not exceed 100 (a larger size is a 400 naming the limit, not a silent clamp, so a
 * client never believes it read everything when it did not).
 */
import { z } from "@hono/zod-openapi";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Query parameters `page` and `size`, validated and defaulted. */
export const PageQuery = z.object({
  page: z.coerce
    .number({ error: "page must be an integer" })
    .int("page must be an integer")
    .min(0, "page is zero-based and cannot be negative")
    .default(0)
    .openapi({ param: { name: "page", in: "query" }, example: 0, description: "Zero-based page number." }),
  size: z.coerce
    .number({ error: "size must be an integer" })
    .int("size must be an integer")
    .min(1, "size must be at least 1")
    .max(MAX_PAGE_SIZE, `size cannot exceed ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE)
    .openapi({ param: { name: "size", in: "query" }, example: 20, description: `Page size, 1 to ${MAX_PAGE_SIZE}.` }),
});

export type PageParams = z.infer<typeof PageQuery>;

/** The envelope schema for a list of `item`. */
export function pageEnvelope<T extends z.ZodType>(item: T, name: string) {
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
    })
    .openapi(name);
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
}

/** SQL LIMIT/OFFSET for a page. */
export function pageWindow({ page, size }: PageParams): { limit: number; offset: number } {
  return { limit: size, offset: page * size };
}

/** Wraps one page of items and the total count in the envelope. */
export function toPage<T>(items: T[], totalItems: number, { page, size }: PageParams): Page<T> {
  const totalPages = Math.ceil(totalItems / size);
  return {
    items,
    page,
    size,
    totalItems,
    totalPages,
    hasNext: page + 1 < totalPages,
    hasPrevious: page > 0,
    isFirst: page === 0,
    isLast: page + 1 >= totalPages,
  };
}
