/** How an error is written to the logs, by the HTTP error handler, the queue and the sweeps alike. */

/**
 * An error as it may be logged. A failed query (drizzle's DrizzleQueryError) carries its bound
 * parameters in its message and stack: buyers' documents, emails, key hashes. Those are cut, and
 * the driver's own reason (the error's `cause`) is kept, since it is what an operator needs.
 */
export function describeError(err: unknown): { error: string; stack?: string } {
  if (!(err instanceof Error)) return { error: String(err) };
  let message = err.message;
  let stack = err.stack;
  const query = (err as { query?: unknown }).query;
  if ("params" in err && typeof query === "string") {
    message = `Failed query: ${query}`;
    const cause = err.cause instanceof Error ? `${err.cause.name}: ${err.cause.message}` : err.cause;
    if (cause !== undefined) message += ` (cause: ${String(cause)})`;
    const frames = stack?.split("\n").filter((l) => /^\s+at /.test(l)) ?? [];
    stack = [`${err.name}: ${message}`, ...frames].join("\n");
  }
  return { error: `${err.name}: ${message}`, stack };
}
