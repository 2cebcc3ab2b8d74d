/**
 * The Worker logs one JSON line per entry through `console.log`; tests collect those lines
 * (which also keeps the test output quiet) and assert on them.
 */
import { afterEach, beforeEach, vi } from "vitest";

/** Collects the JSON log lines of each test into the returned array (emptied before each test). */
export function captureLogs(): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  beforeEach(() => {
    lines.length = 0;
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(JSON.parse(String(line))));
  });
  afterEach(() => vi.restoreAllMocks());
  return lines;
}
