/**
 * Polls with backoff while a payment waits for the buyer: first after 1 s, then each wait 1.5×
 * the last, at most 10 s; a read that fails (network) keeps the rhythm. Polling pauses while the
 * page is hidden (a buyer paying in their bank's app on the same phone); when the page shows
 * again it reads at once and the backoff starts over: that is when the payment most likely just
 * happened.
 */

/** The backoff, in milliseconds. */
export const POLL_BACKOFF = { first: 1_000, factor: 1.5, max: 10_000 } as const;

export class StatusPoller {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private delay: number = POLL_BACKOFF.first;
  private running = false;
  private reading = false;

  /** `read` resolves true to go on polling, false to stop. */
  constructor(private readonly read: () => Promise<boolean>) {}

  /** Starts (or keeps) polling; the first read comes after `POLL_BACKOFF.first`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.delay = POLL_BACKOFF.first;
    document.addEventListener("visibilitychange", this.onVisibility);
    this.schedule();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    document.removeEventListener("visibilitychange", this.onVisibility);
  }

  get active(): boolean {
    return this.running;
  }

  private schedule(delay = this.delay): void {
    clearTimeout(this.timer);
    this.timer = this.running && !document.hidden ? setTimeout(() => void this.poll(), delay) : undefined;
  }

  private async poll(): Promise<void> {
    this.timer = undefined;
    if (!this.running || document.hidden || this.reading) return;
    this.reading = true;
    let more = true;
    try {
      more = await this.read();
    } catch {
      // A failed read (offline for a moment) is retried at the next step.
    } finally {
      this.reading = false;
    }
    if (!more) return this.stop();
    this.delay = Math.min(Math.round(this.delay * POLL_BACKOFF.factor), POLL_BACKOFF.max);
    this.schedule();
  }

  private readonly onVisibility = (): void => {
    if (!this.running) return;
    if (document.hidden) {
      clearTimeout(this.timer);
      this.timer = undefined;
    } else {
      this.delay = POLL_BACKOFF.first;
      this.schedule(0);
    }
  };
}
