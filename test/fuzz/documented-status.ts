/**
 * The fuzz's status contract (issue 34): every answer's status is one the route documents, so an
 * integrator's generated client never meets a status its document does not list. A generated
 * request does not always reach the operation it was made for (a path id of `..` or `%2e` is a
 * dot segment, which the URL resolves away): it is held to the route it did reach, found as the
 * app finds it (worker/http/access.ts, static paths before parametric ones). A request that
 * reaches no route gets routing's own answers, which no operation lists: 404 ROUTE_NOT_FOUND, 405
 * METHOD_NOT_ALLOWED (the path exists with another method) or, on /v1, the 401 of deny by default.
 */
import { accessOf, type DeclaredRoute } from "../../worker/http/access";

/** A route's documented statuses ("200", "404", "default"), or undefined when it declares none. */
export type DocumentedStatuses = (route: DeclaredRoute) => readonly string[] | undefined;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** `/v1/x/{id}` (OpenAPI) as the declared routes write it, `/v1/x/:id`. */
export const declaredPath = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ":$1");

/** The statuses routing answers for `method path` that reaches no route. */
function routingStatuses(method: string, path: string): number[] {
  const otherMethod = METHODS.some((m) => m !== method && accessOf(m, path));
  const denyByDefault = path.startsWith("/v1/") ? [401] : [];
  return [otherMethod ? 405 : 404, ...denyByDefault];
}

/**
 * Null when `status` is documented for the route `method url` reaches; otherwise the failure,
 * naming the operation (its method and path pattern) and the status.
 */
export function undocumentedStatus(method: string, url: string, status: number, documented: DocumentedStatuses): string | null {
  // As fetch and the app see it: dot segments (plain or percent-encoded) resolved.
  const path = new URL(url, "http://fuzz.test").pathname;
  const reached = accessOf(method, path);
  if (!reached) {
    const allowed = routingStatuses(method, path);
    return allowed.includes(status) ? null : `${method} ${path} reaches no route: answered ${status}, routing answers ${allowed.join(" or ")}`;
  }
  // Named as the documents write it: `/v1/x/{id}`.
  const operation = `${reached.method} ${reached.path.replace(/:([^/]+)/g, "{$1}")}`;
  const statuses = documented(reached);
  if (!statuses) return `${operation} documents no statuses (answered ${status})`;
  if (statuses.includes("default") || statuses.includes(String(status))) return null;
  return `${operation} answered ${status}, which it does not document (it documents ${statuses.join(", ")})`;
}
