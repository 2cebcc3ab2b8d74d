/**
 * One payment link as the list shows it: its name, amount, status and uses, its public URL with a
 * copy button, its QR code inside a disclosure (drawn only once opened: `open` says which), and,
 * for `links.manage`, the button that deactivates an ACTIVE link or activates an INACTIVE or DRAFT
 * one (an EXPIRED link stays so). A link with uses held by pending charges has a second disclosure
 * listing them (read when opened), each with, for `links.manage`, a button that releases it
 * (docs/payment-links.md, "Held uses"). Every button names the link for a screen reader.
 */
import { html, nothing } from "lit";
import type { HeldUse, PaymentLink } from "../api/selling-types";
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
  /** Each opened link's held uses: undefined while they load. */
  holds: ReadonlyMap<string, HeldUse[] | undefined>;
  /** The held use being released, if any. */
  releasing: string | null;
  toggleHolds: (link: PaymentLink, open: boolean) => void;
  release: (link: PaymentLink, hold: HeldUse) => void;
}

/** The held uses of an opened link: each its amount, buyer, end, whether anyone looked, address tag, and release. */
function heldUses(link: PaymentLink, ctx: LinkCardContext) {
  const l = ctx.s.links;
  if (!ctx.holds.has(link.id)) return nothing;
  const holds = ctx.holds.get(link.id);
  if (!holds) return html`<p class="muted">${ctx.s.loading}</p>`;
  if (holds.length === 0) return html`<p>${l.heldNone}</p>`;
  return html`<p class="muted">${l.heldIntro}</p>
    <ul class="holds">
      ${holds.map(
        (h) => html`<li class="hold">
          <span class="amount">${money(h.amount, h.currency)}</span>
          <span>${ctx.s.methods[h.paymentMethod] ?? h.paymentMethod}</span>
          <span>${[h.customer.name, h.customer.document].filter(Boolean).join(" · ")}</span>
          <span class="muted">${h.expiresAt ? l.heldUntil(dateTime(h.expiresAt)) : ""}</span>
          <span class="muted">${h.lookedAt ? l.heldSeen : l.heldUnseen}</span>
          ${h.addressTag ? html`<span class="muted">${l.heldAddress(h.addressTag)}</span>` : nothing}
          ${ctx.canManage
            ? html`<button class="secondary" type="button" ?disabled=${ctx.releasing === h.transactionId} @click=${() => ctx.release(link, h)}>
                ${l.release}<span class="visually-hidden"> ${money(h.amount, h.currency)} ${h.customer.name ?? ""}</span>
              </button>`
            : nothing}
        </li>`,
      )}
    </ul>`;
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
    ${link.reservedUses > 0 || ctx.holds.has(link.id)
      ? html`<details class="holds-box" @toggle=${(e: Event) => ctx.toggleHolds(link, (e.target as HTMLDetailsElement).open)}>
          <summary>${l.held(link.reservedUses)}<span class="visually-hidden"> ${link.name}</span></summary>
          ${heldUses(link, ctx)}
        </details>`
      : nothing}
  </li>`;
}
