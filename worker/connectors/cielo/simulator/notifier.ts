/**
 * The simulator's Notification Post: when a sale's status or amounts change after its creation
 * (a capture, a void, a pending sale settled), `POST {notificationUrl}` with
 * `{"PaymentId", "ChangeType": 1}` and the merchant's configured headers. A receiver that does not
 * answer 200 is tried again (Cielo: "three retries"), here after milliseconds, not Cielo's 30
 * minutes, so tests need not wait. Deliveries are kept for tests to read.
 */

/** Where notifications go and how hard they are tried. */
export interface NotifierOptions {
  url?: string;
  /** Up to 3 key/values Cielo sends with every notification (configured with its support). */
  headers?: Record<string, string>;
  /** Attempts per notification; default 4 (one and Cielo's three retries). */
  attempts?: number;
  /** Pause between attempts; default 20 ms. */
  retryDelayMs?: number;
}

/** One notification and what became of it. */
export interface SentNotification {
  url: string;
  body: { PaymentId: string; ChangeType: number };
  attempts: number;
  /** The receiver's status on each attempt (0: no answer). */
  statuses: number[];
  outcome: "delivered" | "failed" | "sending";
}

const ATTEMPT_TIMEOUT_MS = 2_000;

/** A notifier; `notify` returns at once, `idle()` waits for every delivery under way. */
export function createNotifier(initial: NotifierOptions) {
  let options = { ...initial };
  const sent: SentNotification[] = [];
  const underWay = new Set<Promise<void>>();

  async function deliver(record: SentNotification): Promise<void> {
    const attempts = Math.max(1, options.attempts ?? 4);
    for (let i = 0; i < attempts; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 20));
      record.attempts += 1;
      let status = 0;
      try {
        const response = await fetch(record.url, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...options.headers },
          body: JSON.stringify(record.body),
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 0;
      }
      record.statuses.push(status);
      if (status === 200) {
        record.outcome = "delivered";
        return;
      }
    }
    record.outcome = "failed";
  }

  return {
    /** Sends ChangeType 1 for `paymentId`, when a URL is configured. */
    notify(paymentId: string, changeType = 1): void {
      if (!options.url) return;
      const record: SentNotification = { url: options.url, body: { PaymentId: paymentId, ChangeType: changeType }, attempts: 0, statuses: [], outcome: "sending" };
      sent.push(record);
      const delivery = deliver(record).finally(() => underWay.delete(delivery));
      underWay.add(delivery);
    },
    /** Points notifications elsewhere (or nowhere, with no url). */
    configure(next: NotifierOptions): void {
      options = { ...options, ...next };
    },
    async idle(): Promise<void> {
      while (underWay.size) await Promise.all([...underWay]);
    },
    sent: () => sent.map((n) => ({ ...n, statuses: [...n.statuses] })),
    reset(): void {
      sent.length = 0;
    },
  };
}

/** The notifier's type. */
export type Notifier = ReturnType<typeof createNotifier>;
