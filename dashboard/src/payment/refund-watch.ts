/**
 * Follows a payment while a refund of it is pending: reads it again after 1 s, then 2, 4, 8, 16 and
 * every 30 s, until no refund is pending (the acquirer concluded it: the sandbox in a couple of
 * seconds, a live PIX devolução sometimes in minutes). The dashboard has no push channel and its
 * events feed is a page of the last week, so reading the payment itself is the simplest question
 * with a final answer. One timer at most; none once the page is left (`hostDisconnected`), so
 * nothing keeps calling the API for a page nobody sees.
 */
import type { ReactiveController, ReactiveControllerHost } from "lit";

/** The waits between reads, in ms; the last repeats. */
export const REFUND_WATCH_DELAYS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000] as const;

/** A payment's refunds followed until none is pending. */
export class RefundWatch implements ReactiveController {
  private timer?: ReturnType<typeof setTimeout>;
  private tries = 0;

  /** `read` reads the payment again (and calls `follow` with what it found). */
  constructor(
    host: ReactiveControllerHost,
    private readonly read: () => Promise<void>,
  ) {
    host.addController(this);
  }

  /** What the last read found: a pending refund keeps the watch going; none stops it. */
  follow(pending: boolean): void {
    if (!pending) return this.stop();
    if (this.timer !== undefined) return;
    const wait = REFUND_WATCH_DELAYS[Math.min(this.tries, REFUND_WATCH_DELAYS.length - 1)];
    this.tries++;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.read();
    }, wait);
  }

  /** Stops following (another payment is shown, or the refund ended); the next one starts at 1 s. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.tries = 0;
  }

  hostDisconnected(): void {
    this.stop();
  }
}
