/**
 * One payment link as the list shows it: its name, amount, status and uses, its public URL with a
 * copy button, its QR code inside a disclosure (drawn only once opened: `open` says which), and,
 * for `links.manage`, the button that deactivates an ACTIVE link or activates an INACTIVE or DRAFT
 * one (an EXPIRED link stays so). Every button names the link for a screen reader.
 */
import { html, nothing } from "lit";
import type { PaymentLink } from "../api/selling-types";
import { dateTime, money } from "../format";
import type { DashboardStrings } from "../i18n/locale";
import { qrSvg } from "./qr-code";

/** What a card needs beyond its link. */
export interface LinkCardContext {
  s: DashboardStrings;
  canManage: boolean;
  /** Links whose QR disclosure is open. */
  open: ReadonlySet<string>;
  /** The link being moved, if any. */
  busyId: string | null;
  toggleQr: (link: PaymentLink, open: boolean) => void;
  move: (link: PaymentLink, move: "activate" | "deactivate") => void;
}

/** The move a link's status allows, if any. */
export const moveOf = (link: PaymentLink) => (link.status === "ACTIVE" ? "deactivate" : link.status === "EXPIRED" ? null : "activate");

/** One link's `<li>`. */
export function linkCard(link: PaymentLink, ctx: LinkCardContext) {
  const { s } = ctx;
  const l = s.links;
  const move = ctx.canManage ? moveOf(link) : null;
  const amount = link.chargeType === "CUSTOMER_CHOICE" ? l.customerChoice : money(link.amountInCents, link.currency);
  const uses = link.maxUses === null ? l.uses(link.currentUses) : l.usesOf(link.currentUses, link.maxUses);
  return html`<li class="link">
    <h3>${link.name}</h3>
    <p class="facts">
      <span class="amount">${amount}</span>
      <span class="badge ${link.status}">${l.statuses[link.status] ?? link.status}</span>
      <span>${link.paymentMethods.map((m) => s.methods[m] ?? m).join(", ")}</span>
      <span class="muted">${uses}</span>
      <span class="muted">${l.created(dateTime(link.createdAt))}</span>
    </p>
    <p class="url"><a href=${link.publicUrl}>${link.publicUrl}</a></p>
    <div class="actions">
      <dashboard-copy-button .value=${link.publicUrl} label=${l.copyUrl} detail=${link.name}></dashboard-copy-button>
      ${move
        ? html`<button class="secondary" type="button" ?disabled=${ctx.busyId === link.id} @click=${() => ctx.move(link, move)}>
            ${move === "activate" ? l.activate : l.deactivate}<span class="visually-hidden"> ${link.name}</span>
          </button>`
        : nothing}
    </div>
    <details class="qr-box" @toggle=${(e: Event) => ctx.toggleQr(link, (e.target as HTMLDetailsElement).open)}>
      <summary>${l.showQr}<span class="visually-hidden"> ${link.name}</span></summary>
      ${ctx.open.has(link.id) ? qrSvg(link.publicUrl, l.qrLabel(link.name)) : nothing}
    </details>
  </li>`;
}
