/**
 * `<dashboard-audit-log>`: `/dashboard/audit-log`, for members with `audit.read`. The seller's
 * audit rows, newest first, 50 a page (`GET /dashboard/api/audit-log`): when, who (the e-mail as
 * it was), the action, its outcome (allowed or denied), its target (named: "Passkey 3q2-…"), the IP
 * and the device, named as the sessions page names it (devices/device-name.ts: "Chrome on Linux",
 * the whole user agent in a disclosure). "Older entries" follows `nextCursor`; "Newest entries"
 * starts over; a read that failed offers "Try again". The table scrolls sideways inside its own
 * region on a narrow screen.
 *
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart table - The table's region.
 * @csspart pager - The buttons between pages.
 */
import { html, nothing } from "lit";
import { state } from "lit/decorators.js";
import { readAuditLog } from "../api/endpoints";
import type { AuditEntry, AuditPage } from "../api/types";
import { readAlert } from "../alerts/read-alert";
import { DashboardElement } from "../dashboard-element";
import { deviceName } from "../devices/device-name";
import { dateTime } from "../format";
import { auditLogStyles } from "./dashboard-audit-log.styles";

/** The audit log page, `<dashboard-audit-log>`. */
export class DashboardAuditLog extends DashboardElement {
  static override styles = auditLogStyles;

  @state() private page?: AuditPage;
  @state() private cursor: string | null = null;
  @state() private alert?: string;
  @state() private busy = true;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load(null);
  }

  private async load(cursor: string | null): Promise<void> {
    this.busy = true;
    this.alert = undefined;
    try {
      this.page = await readAuditLog(cursor);
      this.cursor = cursor;
    } catch (err) {
      this.alert = this.messageOf(err) || undefined;
    } finally {
      this.busy = false;
    }
  }

  private row(entry: AuditEntry) {
    const s = this.s;
    const type = entry.targetType;
    const target = [type && (s.shell.targets[type] ?? type), entry.targetId].filter(Boolean).join(" ");
    return html`<tr>
      <td class="nowrap">${dateTime(entry.at)}</td>
      <td>${entry.member?.email ?? "—"}</td>
      <td>${s.actions[entry.action] ?? entry.action}</td>
      <td><span class="badge ${entry.outcome}">${s.outcomes[entry.outcome] ?? entry.outcome}</span></td>
      <td class="id">${target || "—"}</td>
      <td class="nowrap">${entry.ip ?? "—"}</td>
      <td class="agent">
        ${entry.userAgent
          ? html`${deviceName(entry.userAgent, s)}<details><summary>${s.sessions.userAgent}</summary><code>${entry.userAgent}</code></details>`
          : "—"}
      </td>
    </tr>`;
  }

  override render() {
    const s = this.s;
    const page = this.page;
    return html`<h1>${s.auditLog}</h1>
      ${this.busy ? html`<p role="status">${s.loading}</p>` : nothing}
      ${readAlert(this.alert, s, () => void this.load(this.cursor))}
      ${page && page.items.length === 0 ? html`<p>${s.noAudit}</p>` : nothing}
      ${page && page.items.length > 0
        ? html`<div part="table" class="table-region" role="region" aria-label=${s.tableRegion(s.auditCaption)} tabindex="0">
            <table>
              <caption class="visually-hidden">${s.auditCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">${s.when}</th><th scope="col">${s.member}</th><th scope="col">${s.action}</th><th scope="col">${s.outcome}</th>
                  <th scope="col">${s.target}</th><th scope="col">${s.ip}</th><th scope="col">${s.userAgent}</th>
                </tr>
              </thead>
              <tbody>${page.items.map((entry) => this.row(entry))}</tbody>
            </table>
          </div>`
        : nothing}
      <div part="pager" class="pager">
        <button class="secondary" type="button" ?disabled=${this.busy || this.cursor === null} @click=${() => this.load(null)}>${s.newestAudit}</button>
        <button class="secondary" type="button" ?disabled=${this.busy || !page?.nextCursor} @click=${() => this.load(page?.nextCursor ?? null)}>${s.moreAudit}</button>
      </div>`;
  }
}
