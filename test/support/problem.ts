/** Assertions on problem+json responses. */
import { expect } from "vitest";

/**
 * Asserts a problem+json response of `status` and `code`, and returns its body. Its `type` is
 * the code's entry on the errors page under the public base URL (`{base}/docs/errors#CODE`; the
 * test platform's base is http://pay.test, a workerd test's too).
 */
export async function expectProblem(res: Response, status: number, code: string) {
  expect(res.status, `expected ${status} ${code}`).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  const problem = await res.json();
  expect(problem).toMatchObject({ status, code, type: expect.stringMatching(new RegExp(`^https?://[^/]+(/[^#]*)?/docs/errors#${code}$`)) });
  return problem;
}
