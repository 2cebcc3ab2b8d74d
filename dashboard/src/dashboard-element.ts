/**
 * The base of the dashboard's elements: the page's words (`this.s`), the shared styles, in-app
 * links (`follow` on an `<a>`'s click: no page load), and what an API failure means for the member
 * (`messageOf`: a 401 ends the session and sends them to sign in; a problem is said by its `code`
 * in the page's language, never by the API's English `detail`; `fieldMessageOf` does the same for
 * a refused field's `errors[].code`).
 */
import { LitElement, type CSSResultGroup } from "lit";
import { DashboardApiError, type FieldProblem } from "./api/client";
import { fieldMessage, problemMessage } from "./api/problem-words";
import { emit } from "./events";
import { strings } from "./i18n/locale";
import { baseStyles } from "./styles/base.styles";

/** An element of the dashboard. */
export class DashboardElement extends LitElement {
  static override styles: CSSResultGroup = baseStyles;

  /** The page's words. */
  protected readonly s = strings;

  /** Asks the app to show `path`. */
  protected go(path: string, replace = false): void {
    emit(this, "dashboard-navigate", { path, replace });
  }

  /** An in-app link's click: shown without loading the page again (a new tab or window still opens as usual). */
  protected follow = (event: MouseEvent): void => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.currentTarget as HTMLAnchorElement;
    event.preventDefault();
    this.go(link.pathname + link.search);
  };

  /**
   * What to tell the member about `err`: the sentence of its problem `code` (docs/errors.md) in the
   * page's language (an unknown code: a generic one), or that the network failed. A 401 sends them
   * to sign in (the app hears it) and says nothing here.
   */
  protected messageOf(err: unknown): string {
    if (err instanceof DashboardApiError) {
      if (err.signInRequired) {
        emit(this, "dashboard-session-ended", {});
        return "";
      }
      return problemMessage(err.code, this.s);
    }
    if (err instanceof TypeError) return this.s.network;
    console.warn("[dashboard]", err);
    return this.s.failed;
  }

  /** What to say under a field the API refused: its `errors[].code` in the page's language. */
  protected fieldMessageOf(problem: FieldProblem): string {
    return fieldMessage(problem, this.s);
  }
}
