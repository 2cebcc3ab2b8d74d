/**
 * The card frame's script: the page at `{gateway}/elements/card-frame` (public/card-frame.html),
 * which `<pay-card-form>` embeds in an iframe. The card inputs live only here, on the gateway's
 * origin, so the seller's page can neither read them nor see what is typed; the card goes from
 * here straight to the gateway (`POST /v1/transactions/threeds/setup`), and the host is told only
 * the brand, the last 4 digits of a valid number, and whether the form is complete and valid.
 *
 * Messages (protocol.ts): the first `pay:card:init` from `window.parent` fixes the parent's
 * origin; after that only messages from that window AND origin are read, and every message goes
 * to that origin only (never "*"). A parent whose origin is opaque ("null") is never answered.
 * The page's CSP (widget/serving.ts) allows only its own script, stylesheet and fetches: the
 * theme is applied through the CSSOM (`style.setProperty`), which the CSP allows.
 */
// Built into dist/widget/card-frame.css (minified), which the page links: the CSP allows no inline style.
import "./card-frame.css";
import { GatewayError, gatewayFetch, type SetupResult } from "../gateway";
import { resolveLocale } from "../locale";
import { brandOf, cardChange, cardErrors, expiryDigits, FIELDS, formatExpiry, formatNumber, isFull, maxCvvDigits, maxNumberDigits, type CardValues } from "./fields";
import { messageType, THEME_PROPERTIES, type CardErrorCode, type CardErrors, type CardField, type CardInitMessage, type FrameMessage } from "./protocol";
import { BRAND_NAMES, FRAME_STRINGS } from "./strings";

const form = document.getElementById("card") as HTMLFormElement;
const inputs = Object.fromEntries(FIELDS.map((field) => [field, document.getElementById(field)])) as Record<CardField, HTMLInputElement>;
const badge = document.getElementById("brand")!;

/** The parent's origin, from its first `pay:card:init`; nothing is posted before. */
let parentOrigin: string | null = null;
let context: CardInitMessage | null = null;
let strings = FRAME_STRINGS.en;
let busy = false;
/** Fields the buyer typed in: an empty field tabbed through shows no error before a submit. */
const dirty = new Set<CardField>();
/** The errors on screen, by field. */
let shown: CardErrors = {};
/** The last change and height posted, so only news is posted. */
let lastChange = "";
let lastHeight = 0;

function post(message: FrameMessage): void {
  if (parentOrigin) window.parent.postMessage(message, parentOrigin);
}

const values = (): CardValues => ({
  number: inputs.number.value.replace(/\D/g, ""),
  expiry: inputs.expiry.value.replace(/\D/g, ""),
  cvv: inputs.cvv.value,
  holderName: inputs.holderName.value,
});

/** The words for a field's error, in the buyer's language. */
function errorText(field: CardField, code: CardErrorCode, values: CardValues): string {
  if (code === "required") return strings.required[field];
  if (code === "invalid_cvv") {
    const brand = brandOf(values.number);
    return strings.cvvDigits(brand ? String(maxCvvDigits(brand)) : strings.cvvEither);
  }
  return strings.errors[code];
}

/** Puts `text` in the field, keeping the caret after the same digit it followed. */
function reformat(input: HTMLInputElement, text: string): void {
  if (input.value === text) return;
  const caret = input.selectionStart ?? input.value.length;
  const atEnd = caret >= input.value.length;
  const digitsBefore = input.value.slice(0, caret).replace(/\D/g, "").length;
  input.value = text;
  let at = 0;
  for (let seen = 0; at < text.length && seen < digitsBefore; at++) if (/\d/.test(text[at]!)) seen++;
  if (document.activeElement === input) input.setSelectionRange(atEnd ? text.length : at, atEnd ? text.length : at);
}

/** Shows the brand and the errors, and tells the host what changed. */
function render(): void {
  const now = values();
  const brand = brandOf(now.number);
  badge.textContent = brand ? BRAND_NAMES[brand] : "";
  for (const field of FIELDS) {
    const code = shown[field];
    inputs[field].setAttribute("aria-invalid", String(Boolean(code)));
    document.getElementById(`${field}-error`)!.textContent = code ? errorText(field, code, now) : "";
  }
  const change = cardChange(now, cardErrors(now, new Date()), shown);
  const key = JSON.stringify(change);
  if (key !== lastChange) {
    lastChange = key;
    post({ type: "pay:card:change", ...change });
  }
}

form.addEventListener("input", (event) => {
  const input = event.target as HTMLInputElement;
  const field = input.id as CardField;
  dirty.add(field);
  const digits = input.value.replace(/\D/g, "");
  if (field === "number") reformat(input, formatNumber(digits.slice(0, maxNumberDigits(brandOf(digits)))));
  if (field === "expiry") reformat(input, formatExpiry(expiryDigits(input.value)));
  if (field === "cvv") reformat(input, digits.slice(0, maxCvvDigits(brandOf(values().number))));
  const now = values();
  const errors = cardErrors(now, new Date());
  // While typing, a field's error shows once it is full (a wrong digit, a past date); any shown
  // error goes as soon as it is fixed (a new brand may fix, or break, the CVV).
  for (const other of FIELDS) if (shown[other]) shown[other] = errors[other];
  shown[field] = isFull(field, now) ? errors[field] : undefined;
  render();
});

// Leaving a field the buyer typed in shows what is wrong with it.
form.addEventListener("focusout", (event) => {
  const field = (event.target as HTMLInputElement).id as CardField;
  if (!dirty.has(field)) return;
  shown[field] = cardErrors(values(), new Date())[field];
  render();
});

// Enter in a field must not post a form: the card leaves only through submit().
form.addEventListener("submit", (event) => event.preventDefault());

new ResizeObserver(() => postHeight()).observe(form);

function postHeight(): void {
  const height = Math.ceil(form.getBoundingClientRect().height);
  if (parentOrigin && height !== lastHeight) {
    lastHeight = height;
    post({ type: "pay:card:resize", height });
  }
}

/** `pay:card:init`: who pays, in which language and colours. */
function init(message: CardInitMessage): void {
  const first = context === null;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  context = {
    type: "pay:card:init",
    publishableKey: text(message.publishableKey),
    transactionId: text(message.transactionId),
    clientSecret: text(message.clientSecret),
    locale: resolveLocale(text(message.locale)),
    theme: {},
    paymentMethod: message.paymentMethod === "DEBIT_CARD" ? "DEBIT_CARD" : "CREDIT_CARD",
  };
  strings = FRAME_STRINGS[resolveLocale(context.locale)];
  document.documentElement.lang = context.locale;
  document.title = strings.title;
  for (const label of document.querySelectorAll<HTMLElement>("[data-label]")) label.textContent = strings.labels[label.dataset.label as CardField];
  inputs.expiry.placeholder = strings.expiryPlaceholder;
  // Only the theme's own properties, with short values; url() could load nothing anyway (CSP).
  const theme = typeof message.theme === "object" && message.theme !== null ? message.theme : {};
  for (const name of THEME_PROPERTIES) {
    const value = theme[name];
    if (typeof value === "string" && value.length <= 200) document.documentElement.style.setProperty(name, value);
    else document.documentElement.style.removeProperty(name);
  }
  if (first) post({ type: "pay:card:ready" });
  lastChange = "";
  lastHeight = 0;
  render();
  postHeight();
}

/** `card.number` (an API error's path) → the field it is about. */
function fieldOf(path: string | undefined): CardField | undefined {
  const name = path?.replace(/^card\./, "");
  if (name === "expirationMonth" || name === "expirationYear") return "expiry";
  return FIELDS.find((field) => field === name);
}

/** `pay:card:submit`: checks the card, then sends it to setup and answers with setup's result. */
async function submit(requestId: string): Promise<void> {
  const fail = (code: string, message: string, field?: CardField) =>
    post({ type: "pay:card:error", requestId, code, message, ...(field ? { field } : {}) });
  if (busy || !context) return fail("busy", strings.busy);
  const now = values();
  const errors = cardErrors(now, new Date());
  shown = { ...errors };
  render();
  const invalid = FIELDS.find((field) => errors[field]);
  if (invalid) {
    inputs[invalid].focus();
    return fail("invalid_card", errorText(invalid, errors[invalid]!, now), invalid);
  }
  busy = true;
  for (const field of FIELDS) inputs[field].readOnly = true;
  try {
    const card = {
      number: now.number,
      holderName: now.holderName.trim(),
      expirationMonth: now.expiry.slice(0, 2),
      expirationYear: `20${now.expiry.slice(2)}`,
      cvv: now.cvv,
    };
    const result = await gatewayFetch<SetupResult>("/v1/transactions/threeds/setup", context, {
      method: "POST",
      body: { transactionId: context.transactionId, clientSecret: context.clientSecret, card },
    });
    post({ type: "pay:card:setup", requestId, result });
  } catch (err) {
    // API messages never repeat the card (shared/cards.ts): safe to pass on.
    if (err instanceof GatewayError) fail(err.code, err.message, fieldOf(err.errors[0]?.path));
    else fail("NETWORK_ERROR", err instanceof Error ? err.message : String(err));
  } finally {
    busy = false;
    for (const field of FIELDS) inputs[field].readOnly = false;
  }
}

addEventListener("message", (event: MessageEvent) => {
  if (event.source !== window.parent || window.parent === window) return;
  const type = messageType(event.data);
  if (parentOrigin === null) {
    if (type !== "pay:card:init" || event.origin === "null") return;
    parentOrigin = event.origin;
  } else if (event.origin !== parentOrigin) return;
  if (type === "pay:card:init") init(event.data as CardInitMessage);
  if (type === "pay:card:submit") void submit(String((event.data as { requestId?: unknown }).requestId));
});
