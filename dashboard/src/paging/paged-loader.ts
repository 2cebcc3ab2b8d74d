/**
 * A paged list's reading, shared by the list pages (payments, payment links, subscriptions,
 * sub-sellers): the stack of cursors that led to this page, the page read, whether a read is under
 * way, and what went wrong. Only the latest read's answer is kept (a slower earlier one is dropped),
 * and a read asked for while the host updates (a new mode, another page, other filters) starts in
 * that same update, once however many things changed. A read that failed is offered again
 * (`alertOf`: the alert with a "Try again" button that reads the same page); the host's own
 * action's failure is said without it.
 */
import { html, type ReactiveController, type ReactiveControllerHost } from "lit";
import { readAlert } from "../alerts/read-alert";
import type { DashboardStrings } from "../i18n/locale";

/** A page of a list: at least where the next one starts (null: this is the last). */
export interface CursorPage {
  nextCursor: string | null;
}

/** What a {@link PagedLoader} is told by its host. */
export interface PagedLoaderOptions<P> {
  /** Reads the page at `cursor` (null: the first). */
  read: (cursor: string | null) => Promise<P>;
  /** What to show for a read that failed (undefined: nothing); the latest read's failure only. */
  failed: (err: unknown) => string | undefined;
}

/** Reads a host's paged list: `first()`, `next()`, `previous()` and `reload()` ask; the host renders `page`, `busy` and `alert`. */
export class PagedLoader<P extends CursorPage> implements ReactiveController {
  /** The cursors of the pages before this one (null: the first page); the last is this page's. */
  private cursors: (string | null)[] = [null];
  private loads = 0;
  private due = false;
  private _page?: P;
  private _alert?: string;
  private _busy = true;
  /** Whether `alert` says that the latest read failed (not the host's own action). */
  private readFailed = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: PagedLoaderOptions<P>,
  ) {
    host.addController(this);
  }

  /** The page read (undefined: none yet, or taken away). */
  get page(): P | undefined {
    return this._page;
  }
  set page(page: P | undefined) {
    this._page = page;
    this.host.requestUpdate();
  }

  /** What to tell the member about the latest read (or the host's own action). */
  get alert(): string | undefined {
    return this._alert;
  }
  set alert(alert: string | undefined) {
    this._alert = alert;
    this.readFailed = false;
    this.host.requestUpdate();
  }

  /** A read is under way (or the host's own action, which sets it too). */
  get busy(): boolean {
    return this._busy;
  }
  set busy(busy: boolean) {
    this._busy = busy;
    this.host.requestUpdate();
  }

  /** Whether the alert is a failed read's (a retry reads the page again). */
  get failedRead(): boolean {
    return this.readFailed && this._alert !== undefined;
  }

  /** This page's number, from 1. */
  get pageNumber(): number {
    return this.cursors.length;
  }

  /** Reads the first page again. */
  first(): void {
    this.ask([null]);
  }

  /** Reads the page after this one, if there is one. */
  next = (): void => {
    if (this._page?.nextCursor) this.ask([...this.cursors, this._page.nextCursor]);
  };

  /** Reads the page before this one, if there is one. */
  previous = (): void => {
    if (this.cursors.length > 1) this.ask(this.cursors.slice(0, -1));
  };

  /** Reads this page again (the host's query changed, or the member asked again). */
  reload = (): void => {
    this.ask(this.cursors);
  };

  /** Before the host renders: the read asked for, if any. */
  hostUpdate(): void {
    if (!this.due) return;
    this.due = false;
    void this.load();
  }

  private ask(cursors: (string | null)[]): void {
    this.cursors = cursors;
    this.due = true;
    this.host.requestUpdate();
  }

  private async load(): Promise<void> {
    const load = ++this.loads;
    this.busy = true;
    this.alert = undefined;
    try {
      const page = await this.options.read(this.cursors.at(-1) ?? null);
      if (load === this.loads) this.page = page;
    } catch (err) {
      if (load === this.loads) {
        this.alert = this.options.failed(err);
        this.readFailed = true;
      }
    } finally {
      if (load === this.loads) this.busy = false;
    }
  }
}

/** A paged list's alert: a failed read's with a "Try again" button that reads the page again. */
export function alertOf<P extends CursorPage>(pages: PagedLoader<P>, s: DashboardStrings) {
  return readAlert(pages.alert, s, pages.failedRead ? pages.reload : undefined);
}

/** A paged list's "Previous page" and "Next page" buttons, disabled while it reads or where there is no such page. */
export function pager<P extends CursorPage>(pages: PagedLoader<P>, s: DashboardStrings) {
  return html`<div part="pager" class="pager">
    <button class="secondary" type="button" ?disabled=${pages.busy || pages.pageNumber === 1} @click=${pages.previous}>${s.previousPage}</button>
    <button class="secondary" type="button" ?disabled=${pages.busy || !pages.page?.nextCursor} @click=${pages.next}>${s.nextPage}</button>
  </div>`;
}
