/**
 * `<dashboard-subscription>`: one subscription, `/dashboard/subscriptions/{id}`
 * (`GET /dashboard/api/subscriptions/{id}` in the current mode): its buyer and plan by name, its
 * status, fields, PIX Automático authorization (when it has one) and latest invoices (each linked to its charge's payment page); for `subscriptions.manage`, while it is not CANCELLED, the cancel form: now, or at the
 * end of the current period. The period's end is offered only to an ACTIVE or PAST_DUE
 * subscription not already ending: an INCOMPLETE or TRIALING one has no paid period to run out,
 * and the server cancels it now either way (docs/subscriptions.md). The member confirms first
 * (`<dashboard-confirm-dialog>`); the answer replaces the subscription's fields and says what
 * happened.
 *
 * Properties: `subscriptionId`, `mode`, `canManage`.
 *
 * @event dashboard-navigate - The link back to the list was followed.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart details - The subscription's fields.
 * @csspart pix-automatico - A PIX Automático subscription's authorization (its recurrence).
 * @csspart invoices - The invoices' section.
 * @csspart cancel - The cancel form.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, query, state } from "lit/decorators.js";
import { DashboardApiError } from "../api/client";
import { cancelSubscription, readSubscription } from "../api/selling";
import type { SubscriptionWithInvoices } from "../api/selling-types";
import type { Mode } from "../api/types";
import type { DashboardConfirmDialog } from "../confirm-dialog/dashboard-confirm-dialog";
import { readAlert } from "../alerts/read-alert";
import { DashboardElement } from "../dashboard-element";
import { dateTime } from "../format";
import { PATHS } from "../routing/routes";
import { subscriptionStyles } from "./dashboard-subscription.styles";
import { invoicesTable, pixAutomaticoFields, subscriptionFields } from "./subscription-details";

/** One subscription's page, `<dashboard-subscription>`. */
export class DashboardSubscription extends DashboardElement {
  static override styles = subscriptionStyles;

  @property({ attribute: false }) subscriptionId = "";
  @property({ attribute: false }) mode: Mode = "test";
  @property({ attribute: false }) canManage = false;

  @state() private sub?: SubscriptionWithInvoices;
  @state() private alert?: string;
  @state() private notice?: string;
  @state() private busy = true;
  @query("dashboard-confirm-dialog") private confirm!: DashboardConfirmDialog;
  private loads = 0;

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("subscriptionId") || changed.has("mode")) void this.load();
  }

  private async load(): Promise<void> {
    const load = ++this.loads;
    this.busy = true;
    try {
      const sub = await readSubscription(this.mode, this.subscriptionId);
      if (load === this.loads) [this.sub, this.alert] = [sub, undefined];
    } catch (err) {
      if (load !== this.loads) return;
      this.sub = undefined;
      this.alert = err instanceof DashboardApiError && err.status === 404 ? this.s.subscriptions.notFound : this.messageOf(err) || undefined;
    } finally {
      if (load === this.loads) this.busy = false;
    }
  }

  private cancel = async (e: SubmitEvent) => {
    e.preventDefault();
    const sub = this.sub;
    if (!sub || this.busy) return;
    const t = this.s.subscriptions;
    const atPeriodEnd = new FormData(e.target as HTMLFormElement).get("when") === "end";
    if (!(await this.confirm.ask(atPeriodEnd ? t.confirmAtEnd(dateTime(sub.currentPeriodEnd)) : t.confirmNow, t.cancel))) return;
    this.busy = true;
    this.alert = this.notice = undefined;
    try {
      const next = await cancelSubscription(this.mode, sub.id, atPeriodEnd);
      // The cancel answers /v1's subscription: the names stay, and no charge comes any more.
      this.sub = { ...sub, ...next, nextChargeAt: null, invoices: sub.invoices };
      this.notice = next.status === "CANCELLED" ? t.cancelledNow : t.cancelledAtEnd;
    } catch (err) {
      this.alert = this.messageOf(err) || undefined;
    } finally {
      this.busy = false;
    }
  };

  private cancelForm(sub: SubscriptionWithInvoices) {
    const t = this.s.subscriptions;
    const endable = (sub.status === "ACTIVE" || sub.status === "PAST_DUE") && !sub.cancelAtPeriodEnd;
    return html`<form part="cancel" class="panel" novalidate @submit=${this.cancel} aria-labelledby="cancel-title">
      <h2 id="cancel-title">${t.cancelTitle}</h2>
      <fieldset class="choices">
        <legend>${t.when}</legend>
        <label><input type="radio" name="when" value="now" ?checked=${!endable} /> ${t.now}</label>
        ${endable ? html`<label><input type="radio" name="when" value="end" checked /> ${t.atEnd(dateTime(sub.currentPeriodEnd))}</label>` : nothing}
      </fieldset>
      ${sub.status === "INCOMPLETE" || sub.status === "TRIALING" ? html`<p class="muted">${t.noPaidPeriod}</p>` : nothing}
      <button type="submit" ?disabled=${this.busy}>${t.cancel}</button>
    </form>`;
  }

  override render() {
    const s = this.s;
    const t = s.subscriptions;
    const sub = this.sub;
    return html`<p><a href=${PATHS.subscriptions} @click=${this.follow}>← ${t.back}</a></p>
      ${this.busy && !sub ? html`<p role="status">${s.loading}</p>` : nothing}
      ${!sub && this.alert ? html`<h1>${t.one}</h1>` : nothing}
      ${sub
        ? html`<h1>${sub.buyer.name} · ${sub.plan.name}</h1>
            <p class="summary"><span class="badge ${sub.status}">${t.statuses[sub.status] ?? sub.status}</span>
              ${sub.cancelAtPeriodEnd ? html`<span>${t.endsOn(dateTime(sub.currentPeriodEnd))}</span>` : nothing}</p>
            <dl part="details">${subscriptionFields(sub, s)}</dl>
            ${pixAutomaticoFields(sub, s)}
            <section part="invoices" aria-labelledby="invoices-title"><h2 id="invoices-title">${t.invoices}</h2>${invoicesTable(sub, s, this.follow)}</section>
            ${this.canManage && sub.status !== "CANCELLED" ? this.cancelForm(sub) : nothing}`
        : nothing}
      <div aria-live="polite">${this.notice ? html`<p class="notice">${this.notice}</p>` : nothing}</div>
      ${readAlert(this.alert, s, !sub && this.alert !== t.notFound ? () => void this.load() : undefined)}
      <dashboard-confirm-dialog></dashboard-confirm-dialog>`;
  }
}
