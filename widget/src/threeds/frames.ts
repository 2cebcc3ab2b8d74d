/**
 * Waiting for a 3DS frame's `postMessage`: only a message from the gateway's origin, sent by
 * that very frame's window, of the expected type (and, when asked, matching the session) counts.
 * Anything else on the page's message channel (other frames, the seller's own scripts, a
 * look-alike from another origin) is ignored.
 */
import { GATEWAY_ORIGIN, GatewayError } from "../gateway";

export interface FrameMessage {
  type: string;
  [key: string]: unknown;
}

export interface WaitOptions<T extends FrameMessage> {
  /** The window whose messages arrive (the element's). */
  win: Window;
  /** The frame that must have sent it (read when a message arrives: the frame may render later). */
  frame: () => HTMLIFrameElement | null | undefined;
  type: T["type"];
  /** Further checks on the message (e.g. its session id). */
  accept?: (data: T) => boolean;
  /** Resolve with null after this many ms; none: wait until aborted. */
  timeoutMs?: number;
  /** Aborting rejects with the signal's reason. */
  signal: AbortSignal;
}

/** Resolves with the frame's message, or null when `timeoutMs` passed first. */
export function waitForFrameMessage<T extends FrameMessage>(opts: WaitOptions<T>): Promise<T | null> {
  return new Promise<T | null>((resolve, reject) => {
    if (opts.signal.aborted) return reject(opts.signal.reason);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      opts.win.removeEventListener("message", onMessage);
      opts.signal.removeEventListener("abort", onAbort);
      clearTimeout(timer);
    };
    const onMessage = (event: MessageEvent) => {
      const frame = opts.frame();
      if (event.origin !== GATEWAY_ORIGIN || !frame || event.source !== frame.contentWindow) return;
      const data = event.data as T | null;
      if (!data || typeof data !== "object" || data.type !== opts.type || (opts.accept && !opts.accept(data))) return;
      finish();
      resolve(data);
    };
    const onAbort = () => {
      finish();
      reject(opts.signal.reason);
    };
    opts.win.addEventListener("message", onMessage);
    opts.signal.addEventListener("abort", onAbort);
    if (opts.timeoutMs !== undefined) {
      timer = setTimeout(() => {
        finish();
        resolve(null);
      }, opts.timeoutMs);
    }
  });
}

/**
 * `url` when it is on the gateway's origin. The frames' messages are accepted from that origin
 * only, and a seller's CSP (`frame-src {gateway}`) allows no other: a 3DS URL elsewhere (a
 * misconfigured PUBLIC_BASE_URL) fails here at once instead of waiting for a message that could
 * never count.
 */
export function gatewayFrameUrl(url: string | undefined, what: string): string {
  let origin: string | null = null;
  try {
    origin = url ? new URL(url).origin : null;
  } catch {
    origin = null;
  }
  if (origin !== GATEWAY_ORIGIN) {
    throw new GatewayError(0, "THREEDS_UNEXPECTED_ORIGIN", `The ${what} URL (${url ?? "none"}) is not on the gateway's origin ${GATEWAY_ORIGIN}, where pay.js was loaded from.`);
  }
  return url!;
}
