/**
 * A form field as the dashboard's forms write it: the label, the control, an optional hint and the
 * field's error (ids `{name}-hint` and `{name}-error`, which the control names in its
 * `aria-describedby`; an empty error paragraph says nothing).
 */
import { html, nothing, type TemplateResult } from "lit";

/** A form's errors, by field name. */
export type FieldErrors = Partial<Record<string, string>>;

/** The field `name`: its label, `control` (with `id=name`), `hint` and error. */
export function field(name: string, label: string, control: TemplateResult, errors: FieldErrors, hint?: string) {
  return html`<div class="field">
    <label for=${name}>${label}</label>
    ${control}
    ${hint ? html`<p id="${name}-hint" class="muted">${hint}</p>` : nothing}
    <p id="${name}-error" class="error">${errors[name] ?? nothing}</p>
  </div>`;
}
