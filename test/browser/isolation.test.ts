/**
 * The browser the tests drive enforces the same-origin policy, so later tests can prove the card
 * frame's isolation at all. Two servers on 127.0.0.1 (two ports: two origins; reached as
 * `localhost`, the second is also another site). From a page on origin A:
 * - a fetch of B without CORS headers rejects (and one with them resolves: it is CORS, not the
 *   network);
 * - B's frame's document is out of reach (and a same-origin frame's is not);
 * - a frame from another site runs in its own renderer process (site isolation).
 * Launched with @sparticuz/chromium's own args (--disable-web-security, --single-process, …),
 * every one of these fails; launch.ts refuses those flags.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./launch";
import { startServer, type TestServer } from "./servers";

const SECRET = "frame-secret-7f3a";
const FRAME = { body: `<!doctype html><title>frame</title><p id="secret">${SECRET}</p>` };

let browser: Browser;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  [a, b] = await Promise.all([
    startServer({ "/": { body: "<!doctype html><title>A</title><body></body>" }, "/frame.html": FRAME }),
    startServer({
      "/data": { body: "private", headers: { "Content-Type": "text/plain" } },
      "/cors-data": { body: "shared", headers: { "Content-Type": "text/plain", "Access-Control-Allow-Origin": "*" } },
      "/frame.html": FRAME,
    }),
  ]);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([a?.close(), b?.close()]);
});

/** A fresh page on origin A. */
async function pageOnA(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${a.origin}/`);
  return page;
}

/** Adds an iframe of `src` to the page and waits for it to load. */
function addFrame(page: Page, src: string) {
  return page.evaluate(
    (url) =>
      new Promise<void>((resolve) => {
        const frame = document.createElement("iframe");
        frame.onload = () => resolve();
        frame.src = url;
        document.body.append(frame);
      }),
    src,
  );
}

describe("the launched Chromium enforces the same-origin policy", { timeout: 60_000 }, () => {
  it("a cross-origin fetch without CORS rejects; the same fetch with CORS headers resolves", async () => {
    const page = await pageOnA();
    const result = await page.evaluate(async (origin) => {
      const read = async (url: string) => {
        try {
          return { read: await (await fetch(url)).text() };
        } catch (err) {
          return { rejected: (err as Error).name };
        }
      };
      return { plain: await read(`${origin}/data`), cors: await read(`${origin}/cors-data`) };
    }, b.origin);
    expect(result.cors).toEqual({ read: "shared" });
    expect(result.plain).toEqual({ rejected: "TypeError" });
    // The request went out (a simple GET); only reading its answer was refused.
    expect(b.requests).toContain("/data");
    await page.close();
  });

  it("a cross-origin frame's document is out of reach; a same-origin frame's is not", async () => {
    const page = await pageOnA();
    await addFrame(page, `${a.origin}/frame.html`);
    await addFrame(page, `${b.origin}/frame.html`);
    const probes = await page.evaluate(() =>
      [...document.querySelectorAll("iframe")].map((frame) => {
        let text: string | null = null;
        let error: string | null = null;
        try {
          text = frame.contentWindow!.document.getElementById("secret")?.textContent ?? null;
        } catch (err) {
          error = (err as Error).name;
        }
        return { src: frame.src, contentDocument: frame.contentDocument === null ? null : "readable", text, error };
      }),
    );
    expect(probes).toEqual([
      { src: `${a.origin}/frame.html`, contentDocument: "readable", text: SECRET, error: null },
      { src: `${b.origin}/frame.html`, contentDocument: null, text: null, error: "SecurityError" },
    ]);
    // It did load: the test driver (not the page) can read it.
    const frameB = page.frames().find((f) => f.url() === `${b.origin}/frame.html`);
    expect(await frameB?.locator("#secret").textContent()).toBe(SECRET);
    await page.close();
  });

  it("a frame from another site runs out of process (site isolation is on)", async () => {
    const page = await pageOnA();
    const otherSite = `http://localhost:${b.port}/frame.html`;
    await addFrame(page, otherSite);
    const cdp = await page.context().newCDPSession(page);
    const { targetInfos } = (await cdp.send("Target.getTargets")) as { targetInfos: { type: string; url: string }[] };
    expect(targetInfos.filter((t) => t.type === "iframe").map((t) => t.url)).toContain(otherSite);
    await cdp.detach();
    await page.close();
  });
});
