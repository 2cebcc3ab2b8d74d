/**
 * `<dashboard-link-form>`: creates a payment link (`POST /dashboard/api/payment-links`, the body of
 * `POST /v1/payment-links`): its name, a fixed amount typed in reais ("49,90", sent in cents), the
 * methods (PIX, card: at least one) and, optionally, how many times it may be paid. Each
 * submission carries its own `Idempotency-Key` (the same form sent again after a failure is the
 * same submission, with the same key). The server ignores it today (docs/dashboard.md: not
 * idempotent, as `POST /v1/payment-links` is not), so the button stays disabled while a request
 * waits; the key is there for the day it is honoured. The server's refusals (422 INVALID_DATA) are
 * shown under the field they name.
 *
 * Properties: `mode`.
 *
 * @event dashboard-link-created - The link was created: `detail.linkId`.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart base - The form's section.
 * @csspart create-button - Create link.
 * @csspart alert - Why the link was refused.
 */
import { html, nothing } from "lit";
import { property, state } from "lit/decorators.js";
import { DashboardApiError } from "../api/client";
import { createLink } from "../api/selling";
import type { PaymentLinkDraft } from "../api/selling-types";
import type { Mode } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { emit } from "../events";
import { parseAmount } from "../format";
import { linkFormStyles } from "./dashboard-link-form.styles";
import { field, type FieldErrors } from "../forms/field";
import { newIdempotencyKey } from "../../../shared/idempotency-key";

/** Where the server's field paths show. */
const FIELD_OF: Record<string, string> = { name: "name", amountInCents: "amount", paymentMethods: "methods", maxUses: "maxUses" };

/** The link form, `<dashboard-link-form>`. */
export class DashboardLinkForm extends DashboardElement {
  static override styles = linkFormStyles;

  @property({ attribute: false }) mode: Mode = "test";

  @state() private busy = false;
  @state() private errors: FieldErrors = {};
  @state() private alert?: string;
  @state() private done?: string;
  /** The last submission not known to have succeeded: what it sent and its Idempotency-Key. */
  private attempt?: { sent: string; key: string };

  /** The form's link, or the errors that stop it. */
  private read(form: HTMLFormElement): PaymentLinkDraft | null {
    const l = this.s.links;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const errors: FieldErrors = {};
    const name = text("name");
    const amount = parseAmount(text("amount"));
    const methods = data.getAll("methods").map(String) as PaymentLinkDraft["paymentMethods"];
    const maxUses = text("maxUses");
    if (!name) errors.name = l.nameRequired;
    if (amount === null || amount <= 0) errors.amount = l.amountInvalid;
    if (methods.length === 0) errors.methods = l.methodsRequired;
    if (maxUses && !/^[1-9]\d{0,8}$/.test(maxUses)) errors.maxUses = l.maxUsesInvalid;
    this.errors = errors;
    if (Object.keys(errors).length > 0) return null;
    return { name, amountInCents: amount!, paymentMethods: methods, ...(maxUses ? { maxUses: Number(maxUses) } : {}) };
  }

  private submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (this.busy) return;
    const form = e.target as HTMLFormElement;
    this.done = this.alert = undefined;
    const draft = this.read(form);
    if (!draft) return void this.updateComplete.then(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
    const sent = JSON.stringify(draft);
    if (this.attempt?.sent !== sent) this.attempt = { sent, key: newIdempotencyKey() };
    this.busy = true;
    try {
      const link = await createLink(this.mode, draft, this.attempt.key);
      this.attempt = undefined;
      form.reset();
      this.done = this.s.links.createdNotice(link.name);
      emit(this, "dashboard-link-created", { linkId: link.id });
    } catch (err) {
      const fields = err instanceof DashboardApiError ? err.errors.filter((f) => FIELD_OF[f.path]) : [];
      this.errors = Object.fromEntries(fields.map((f) => [FIELD_OF[f.path]!, this.fieldMessageOf(f)]));
      this.alert = this.messageOf(err) || undefined;
    } finally {
      this.busy = false;
    }
  };

  override render() {
    const s = this.s;
    const l = s.links;
    const e = this.errors;
    return html`<section part="base" class="panel" aria-labelledby="form-title">
      <h2 id="form-title">${l.createTitle}</h2>
      <form novalidate @submit=${this.submit}>
        ${field("name", l.name, html`<input id="name" name="name" maxlength="120" autocomplete="off" required aria-invalid=${e.name ? "true" : "false"} aria-describedby="name-error" />`, e)}
        ${field("amount", l.amount, html`<input id="amount" name="amount" inputmode="decimal" autocomplete="off" required aria-invalid=${e.amount ? "true" : "false"} aria-describedby="amount-error" />`, e)}
        <fieldset class="choices" aria-describedby="methods-error">
          <legend>${l.methods}</legend>
          <label><input type="checkbox" name="methods" value="PIX" checked /> ${s.methods.PIX}</label>
          <label><input type="checkbox" name="methods" value="CARD" checked /> ${l.card}</label>
          <p id="methods-error" class="error">${e.methods ?? nothing}</p>
        </fieldset>
        ${field("maxUses", l.maxUses, html`<input id="maxUses" name="maxUses" inputmode="numeric" autocomplete="off" aria-invalid=${e.maxUses ? "true" : "false"} aria-describedby="maxUses-hint maxUses-error" />`, e, l.maxUsesHint)}
        <button part="create-button" type="submit" ?disabled=${this.busy}>${l.create}</button>
      </form>
      <div aria-live="polite">${this.busy ? html`<p>${l.creating}</p>` : nothing}${this.done ? html`<p class="notice">${this.done}</p>` : nothing}</div>
      ${this.alert ? html`<p part="alert" class="alert" role="alert">${this.alert}</p>` : nothing}
    </section>`;
  }
}
