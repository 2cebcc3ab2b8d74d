/** Assertions on problem+json responses. */
import { expect } from "vitest";

/** Asserts a problem+json response of `status` and `code`, and returns its body. */
export async function expectProblem(res: Response, status: number, code: string) {
  expect(res.status, `expected ${status} ${code}`).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  const problem = await res.json();
  expect(problem).toMatchObject({ status, code, type: expect.stringMatching(/^urn:problem-type:pay:/) });
  return problem;
}
