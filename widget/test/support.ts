/**
 * Shared by the component tests: checkout views as the gateway answers them, a fake gateway
 * behind a stubbed `fetch` (no API needed), and waiting helpers that keep working while sinon's
 * fake timers own setTimeout and Date.
 */
/// <reference types="mocha" />
import { fixture, html } from "@open-wc/testing";
import { ifDefined } from "lit/directives/if-defined.js";
import sinon from "sinon";
import type { CheckoutView } from "../src/gateway";
import type { PayCheckout } from "../src/pay-checkout";
import type { PayPix } from "../src/pay-pix";

export const TX = "0b6f1c2a-4d3e-4f5a-8b9c-0d1e2f3a4b5c";
export const PK = "pk_test_widget";
export const SECRET = "cs_test_secret";
/** The server's clock in these views: 2026-05-01 12:00:00 UTC. */
export const SERVER_NOW = Date.parse("2026-05-01T12:00:00.000Z");
export const PIX_CODE = "00020101021226830014br.gov.bcb.pix2561pay.example.com/pix/loc/AbCdEfGhIjKlMnOpQrStUvWxY5204000053039865406"
  + "10.505802BR5912Sandbox Shop6009Sao Paulo62070503***6304B13F";
/** A small SVG of the kind the gateway's qrcode library draws. */
export const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="232" height="232" viewBox="0 0 29 29" shape-rendering="crispEdges">'
  + '<path fill="#ffffff" d="M0 0h29v29H0z"/><path stroke="#000000" d="M4 4.5h7m2 0h1M4 5.5h1m5 0h1M4 6.5h1m1 0h3m1 0h1"/></svg>';

const iso = (ms: number) => new Date(ms).toISOString();

/** A PENDING PIX view, 15 minutes left on the server's clock. */
export function pixView(overrides: Partial<CheckoutView> = {}): CheckoutView {
  return {
    id: TX,
    status: "PENDING",
    paymentMethod: "PIX",
    amount: 1050,
    currency: "BRL",
    description: "Pedido 42",
    livemode: false,
    merchant: { name: "Sandbox Shop" },
    paymentDetails: { qrCode: PIX_CODE, qrCodeUrl: "http://127.0.0.1:8787/pix/qr/AbCdEfGhIjKlMnOpQrStUvWxY", expiresAt: iso(SERVER_NOW + 15 * 60_000) },
    card: null,
    installments: null,
    maxInstallments: null,
    nextAction: null,
    failureCode: null,
    failureMessage: null,
    refundedAmount: 0,
    createdAt: iso(SERVER_NOW),
    paidAt: null,
    cancelledAt: null,
    cancellationReason: null,
    serverTime: iso(SERVER_NOW),
    ...overrides,
  };
}

/** A card transaction's view (PENDING waiting for 3DS unless overridden). */
export function cardView(overrides: Partial<CheckoutView> = {}): CheckoutView {
  return pixView({
    paymentMethod: "CREDIT_CARD",
    paymentDetails: null,
    card: { brand: "VISA", last4digits: "1111" },
    installments: 1,
    maxInstallments: 6,
    nextAction: { type: "threeds", provider: "sandbox" },
    ...overrides,
  });
}

/** What a checkout read answers: a view, a problem status, or a network failure. */
export type Answer = CheckoutView | { problem: number } | "offline";

/** The real timer, captured before any test fakes it: waiting on the browser, not on sinon's clock. */
const realSetTimeout = window.setTimeout.bind(window);
const realFetch = window.fetch.bind(window);

/** Lets the browser run its pending tasks (fetch bodies, Lit updates). */
export async function flush(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => realSetTimeout(resolve, 0));
}

/** Waits (on real time) until `check` is truthy, failing after 3 s. */
export async function until<T>(check: () => T | null | undefined | false | 0 | "", what = "the condition"): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = check();
    if (value) return value;
    await new Promise((resolve) => realSetTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The gateway behind a stubbed `fetch`: checkout reads answer from `answers` in turn (the last one
 * repeats; a function gets the read's number); the QR URL answers `qrSvg`. Anything else goes to
 * the real fetch (the test runner's own traffic).
 */
export class FakeGateway {
  answers: (Answer | ((read: number) => Answer))[];
  /** Each checkout read: when (Date.now(), fake or real) and with which headers. */
  readonly reads: { at: number; headers: Headers; url: string }[] = [];
  readonly qrRequests: string[] = [];
  qrSvg = QR_SVG;
  qrStatus = 200;

  constructor(...answers: FakeGateway["answers"]) {
    this.answers = answers;
    sinon.stub(window, "fetch").callsFake(async (input: RequestInfo | URL, init?: RequestInit) => this.answer(String(input instanceof Request ? input.url : input), init));
  }

  private async answer(url: string, init?: RequestInit): Promise<Response> {
    const path = new URL(url).pathname;
    if (path === `/v1/transactions/${TX}/checkout`) {
      const read = this.reads.push({ at: Date.now(), headers: new Headers(init?.headers), url });
      const next = this.answers[Math.min(read - 1, this.answers.length - 1)]!;
      const answer = typeof next === "function" ? next(read) : next;
      if (answer === "offline") throw new TypeError("Failed to fetch");
      if ("problem" in answer) {
        const body = { type: "about:blank", title: "Not Found", status: answer.problem, code: "RESOURCE_NOT_FOUND", detail: "No transaction with that id." };
        return reply(answer.problem, JSON.stringify(body));
      }
      return reply(200, JSON.stringify(answer));
    }
    if (path.startsWith("/pix/qr/")) {
      this.qrRequests.push(url);
      return reply(this.qrStatus, this.qrStatus === 200 ? this.qrSvg : "not found");
    }
    return realFetch(url, init);
  }
}

/**
 * An answer with what the widget reads of one (ok, status, text()). Not a real Response: its body
 * resolves in a microtask, so sinon's `tickAsync` sees each poll's answer land at the fake instant
 * the poll was made, and timings come out exact.
 */
function reply(status: number, body: string): Response {
  return { ok: status >= 200 && status < 300, status, statusText: String(status), text: () => Promise.resolve(body) } as Response;
}

/** Mounts a `<pay-checkout>` for the test transaction and waits until its first read has landed. */
export async function mountCheckout(locale: string | undefined, gateway: FakeGateway): Promise<PayCheckout> {
  const el = await fixture<PayCheckout>(
    html`<pay-checkout publishable-key=${PK} transaction-id=${TX} client-secret=${SECRET} locale=${ifDefined(locale)}></pay-checkout>`,
  );
  await until(() => gateway.reads.length > 0 && (shadow(el).querySelector(".summary") || shadow(el).querySelector("[part=retry-button]")), "the first read");
  await el.updateComplete;
  return el;
}

export const shadow = (el: Element): ShadowRoot => el.shadowRoot!;

/** The checkout's `<pay-pix>`, rendered and with its QR loaded (or given up). */
export async function pixOf(el: PayCheckout): Promise<PayPix> {
  const pix = await until(() => shadow(el).querySelector("pay-pix"), "<pay-pix>");
  await until(() => shadow(pix).querySelector("[part=qr] svg, .qr.missing"), "the QR");
  await pix.updateComplete;
  return pix;
}

/** The text of an element, whitespace collapsed. */
export const text = (node: Element | null | undefined): string => (node?.textContent ?? "").replace(/\s+/g, " ").trim();

/** Collects a checkout event's details, in order, from `target` (e.g. the document). */
export function record<K extends "pay-ready" | "pay-status" | "pay-success" | "pay-failed">(target: EventTarget, type: K) {
  const seen: { detail: HTMLElementEventMap[K]["detail"]; bubbles: boolean; composed: boolean }[] = [];
  const listener = (e: Event) => {
    const event = e as HTMLElementEventMap[K];
    seen.push({ detail: event.detail, bubbles: event.bubbles, composed: event.composed });
  };
  target.addEventListener(type, listener);
  return Object.assign(seen, { stop: () => target.removeEventListener(type, listener) });
}
