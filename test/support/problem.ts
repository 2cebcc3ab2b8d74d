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

/** The JSON paths a 422 INVALID_DATA names: a body's data the spec calls unacceptable. */
export async function invalidDataPaths(res: Response): Promise<string[]> {
  const problem = (await expectProblem(res, 422, "INVALID_DATA")) as { errors: Array<{ path: string }> };
  return problem.errors.map((e) => e.path);
}

/**
 * Asserts the answer to a malformed path or query parameter: 400 VALIDATION_FAILED naming that one
 * parameter where it was (docs/errors.md), on every route, those whose bodies are 422 included.
 */
export async function expectInvalidParameter(res: Response, where: "path" | "query", name: string) {
  const problem = (await expectProblem(res, 400, "VALIDATION_FAILED")) as { errors?: unknown };
  expect(problem.errors).toEqual([expect.objectContaining({ path: name, in: where })]);
  return problem;
}
