/**
 * The base of every element of the widget: the buyer's language and the typed events. An element
 * takes its `locale` attribute when it names a language the widget speaks (any `pt…` is pt-BR,
 * any `en…` is en), else the page's `<html lang>`, else en; and dispatches only the events of
 * events.ts, each with its own detail type.
 */
import { LitElement } from "lit";
import { property } from "lit/decorators.js";
import { emitEvent, type PayEvents } from "./events";
import { resolveLocale, type Locale } from "./locale";

/** An element of the widget. */
export class PayElement extends LitElement {
  /** The buyer's language: `pt-BR` or `en`; unset or unknown: the page's `<html lang>`, else `en`. */
  @property() locale?: string;

  /** The language the element speaks now. */
  protected get resolvedLocale(): Locale {
    return resolveLocale(this.locale, this.ownerDocument.documentElement.lang);
  }

  /** Dispatches one of the widget's events from this element (bubbling; composed unless said). */
  protected emit<K extends keyof PayEvents>(type: K, detail: PayEvents[K]["detail"], composed = true): void {
    emitEvent(this, type, detail, composed);
  }
}
