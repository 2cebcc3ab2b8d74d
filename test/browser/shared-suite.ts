/**
 * A browser test file's part of the run's shared host and Chromium (./shared-suite-setup.ts): a
 * seller of its own on that host, made as the first start makes the sandbox seller (the same
 * company, new keys, and its OWNER's invite), so nothing another file does shows in its lists,
 * overview, audit log or team. Its browser contexts are its own too. What the file cannot do on a
 * host it shares: restart it (`restart` refuses; start a host with `startBrowserSuite` instead).
 */
import { createClient } from "@libsql/client";
import { inject } from "vitest";
import { createDb } from "../../worker/db/client";
import { ownerInvite } from "../../worker/domain/dashboard/invites";
import { createCompanySeller } from "../../worker/domain/sellers";
import { SANDBOX_SELLER } from "../../worker/node/bootstrap";
import { assertWidgetBuilt, browserSuite, type BrowserSuite, type GatewayHost } from "./gateway-host";
import { connectBrowser } from "./launch";
import type { SharedHostAddress } from "./shared-suite-setup";

/** Creates a sandbox seller and its OWNER's invite in the shared host's database. */
async function newSeller(shared: SharedHostAddress) {
  const client = createClient({ url: `file:${shared.databaseFile}` });
  try {
    // The host writes to the same file: wait for its lock rather than fail on it.
    await client.execute("PRAGMA busy_timeout = 10000");
    const db = createDb(client);
    const now = new Date();
    const seller = await createCompanySeller(db, SANDBOX_SELLER, now);
    const invite = await ownerInvite({ db, now: () => now, config: { baseUrl: shared.publicBase } }, seller.sellerId);
    return { seller, ownerInvite: invite?.inviteUrl ?? null };
  } finally {
    client.close();
  }
}

/** Joins the shared host with a new seller, and the shared Chromium; `stop` closes this file's connection only. */
export async function joinSharedSuite(): Promise<BrowserSuite> {
  assertWidgetBuilt();
  const shared = inject("sharedHost");
  const endpoint = inject("sharedBrowser");
  if (!shared || !endpoint) throw new Error("no shared host: this file runs in vitest.config.ts's dashboard-browser project (test/browser/shared-suite-setup.ts)");
  const { seller, ownerInvite } = await newSeller(shared);
  const host: GatewayHost = {
    ...shared,
    sellerId: seller.sellerId,
    keys: { secret: seller.apiKey, publishable: seller.publishableKey },
    ownerInvite,
    demo: null,
    restart: () => Promise.reject(new Error("the shared host cannot restart under the other files: start one with startBrowserSuite")),
    // The global set-up stops the host after the run; the suite's stop closes this file's connection and servers.
    stop: async () => {},
  };
  return browserSuite(host, await connectBrowser(endpoint));
}
