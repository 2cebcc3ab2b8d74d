/**
 * The PIX view inside `<pay-checkout>`: the QR as inline SVG, the copy button (Clipboard API and
 * its fallback, by mouse and by keyboard), the countdown on the server's clock, polling with
 * backoff that flips to paid without a reload, the pause while the page is hidden, and expiry.
 * Time is sinon's fake clock; the gateway is a stubbed fetch.
 */
import { expect } from "@open-wc/testing";
import { sendKeys } from "@web/test-runner-commands";
import sinon from "sinon";
import "../src/pay";
import type { PayCheckout } from "../src/pay-checkout";
import type { PayPix } from "../src/pay-pix";
import { POLL_BACKOFF } from "../src/status-poller";
import { FakeGateway, flush, mountCheckout, PIX_CODE, pixOf, pixView, QR_SVG, record, SERVER_NOW, shadow, text, TX } from "./support";

/** The buyer's clock runs 5 minutes behind the server's: the countdown must not care. */
const SKEW = 5 * 60_000;
const FAKE = ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] as const;

const statusOf = (el: Element) => [...shadow(el).querySelectorAll("[part=status] p")].map(text).join(" ");
const liveOf = (pix: PayPix) => text(shadow(pix).querySelector("[role=status]"));
const countdownOf = (pix: PayPix) => text(shadow(pix).querySelector("[part=countdown] .time"));

/** A charge that expires 3 minutes after SERVER_NOW (short, so the fake clock has few ticks to run). */
const EXPIRES_AT = SERVER_NOW + 3 * 60_000;
const details = { ...pixView().paymentDetails!, expiresAt: new Date(EXPIRES_AT).toISOString() };
/** That charge PENDING, as read now: serverTime is the fake clock plus SKEW (the server's clock). */
const pendingNow = () => pixView({ paymentDetails: details, serverTime: new Date(Date.now() + SKEW).toISOString() });

afterEach(() => sinon.restore());

describe("<pay-pix>: the QR code and the code to copy", () => {
  it("shows the gateway's QR as inline SVG (no <img>), fetched from pay.js's origin, labelled for assistive technology", async () => {
    const gateway = new FakeGateway(pixView());
    const pix = await pixOf(await mountCheckout("en", gateway));
    const svg = shadow(pix).querySelector("[part=qr] > svg")!;
    expect(svg.namespaceURI).to.equal("http://www.w3.org/2000/svg");
    expect(svg.getAttribute("role")).to.equal("img");
    expect(svg.getAttribute("aria-label")).to.equal("PIX QR code to pay R$10.50");
    expect(svg.hasAttribute("width") || svg.hasAttribute("height")).to.equal(false); // sized by CSS
    expect(svg.querySelectorAll("path")).to.have.length(2);
    expect(shadow(pix).querySelector("img")).to.equal(null);
    expect(svg.getBoundingClientRect().width).to.be.greaterThan(100);
    // The view names the gateway's public URL; the widget asks the origin it was loaded from.
    expect(gateway.qrRequests).to.deep.equal([`${location.origin}/pix/qr/AbCdEfGhIjKlMnOpQrStUvWxY`]);
    const field = shadow(pix).querySelector<HTMLInputElement>("[part=code]")!;
    expect(field.value).to.equal(PIX_CODE);
    expect(field.readOnly).to.equal(true);
    expect(field.labels![0]!.textContent).to.equal("PIX copy-and-paste code");
    expect(shadow(pix).getElementById(field.getAttribute("aria-describedby")!)!.textContent).to.match(/^Open your bank's app/);
  });

  it("drops scripts and event handlers from the SVG before importing it", async () => {
    const gateway = new FakeGateway(pixView());
    gateway.qrSvg = QR_SVG.replace("<path", '<script>window.hacked = 1</script><path onclick="window.hacked = 2" style="fill:red"').replace(
      "<svg ",
      '<svg onload="window.hacked = 3" ',
    );
    const pix = await pixOf(await mountCheckout("en", gateway));
    const svg = shadow(pix).querySelector("[part=qr] > svg")!;
    expect(svg.querySelector("script")).to.equal(null);
    expect([svg, ...svg.querySelectorAll("*")].flatMap((el) => [...el.attributes].map((a) => a.name)).filter((n) => /^on|^style$/.test(n))).to.deep.equal([]);
    svg.querySelector("path")!.dispatchEvent(new MouseEvent("click"));
    expect((window as { hacked?: number }).hacked).to.equal(undefined);
  });

  it("without the QR image, says so and still offers the code", async () => {
    const gateway = new FakeGateway(pixView());
    gateway.qrStatus = 404;
    const pix = await pixOf(await mountCheckout("pt-BR", gateway));
    expect(text(shadow(pix).querySelector("[part=qr]"))).to.equal("Não foi possível carregar o QR code: copie o código abaixo.");
    expect(shadow(pix).querySelector("svg")).to.equal(null);
    expect(shadow(pix).querySelector<HTMLInputElement>("[part=code]")!.value).to.equal(PIX_CODE);
  });

  it("copies with the Clipboard API and announces it; the button says so for 3 s", async () => {
    const clock = sinon.useFakeTimers({ now: SERVER_NOW, toFake: [...FAKE] });
    const writeText = sinon.stub(navigator.clipboard, "writeText").resolves();
    const pix = await pixOf(await mountCheckout("en", new FakeGateway(pixView())));
    const button = shadow(pix).querySelector<HTMLButtonElement>("[part=copy-button]")!;
    button.click();
    await flush();
    expect(writeText.calledOnceWithExactly(PIX_CODE)).to.equal(true);
    expect(text(button)).to.equal("Copied");
    expect(liveOf(pix)).to.equal("Copied");
    await clock.tickAsync(3_000);
    expect(text(button)).to.equal("Copy code");
    expect(liveOf(pix)).to.equal("");
  });

  it("falls back to selecting the field and execCommand('copy') when the Clipboard API refuses", async () => {
    sinon.stub(navigator.clipboard, "writeText").rejects(new DOMException("denied", "NotAllowedError"));
    let selected = "";
    const execCommand = sinon.stub(document, "execCommand").callsFake((command: string) => {
      const field = shadow(pix).querySelector<HTMLInputElement>("[part=code]")!;
      selected = field.value.slice(field.selectionStart!, field.selectionEnd!);
      return command === "copy";
    });
    const pix = await pixOf(await mountCheckout("pt-BR", new FakeGateway(pixView())));
    const button = shadow(pix).querySelector<HTMLButtonElement>("[part=copy-button]")!;
    button.click();
    await flush();
    expect(execCommand.calledOnceWith("copy")).to.equal(true);
    expect(selected).to.equal(PIX_CODE); // the whole code was selected when copying
    expect(liveOf(pix)).to.equal("Copiado");
    expect(shadow(pix).activeElement).to.equal(button); // focus back where the buyer was
  });

  it("when no way of copying works, says so and leaves the code selected", async () => {
    sinon.stub(navigator.clipboard, "writeText").rejects(new Error("no"));
    sinon.stub(document, "execCommand").returns(false);
    const pix = await pixOf(await mountCheckout("en", new FakeGateway(pixView())));
    shadow(pix).querySelector<HTMLButtonElement>("[part=copy-button]")!.click();
    await flush();
    expect(liveOf(pix)).to.equal("Could not copy: select the code and copy it.");
    const field = shadow(pix).querySelector<HTMLInputElement>("[part=code]")!;
    expect(shadow(pix).activeElement).to.equal(field);
    expect([field.selectionStart, field.selectionEnd]).to.deep.equal([0, PIX_CODE.length]);
  });

  it("is usable by keyboard: Tab reaches the code, then Copy, with a visible focus ring; Enter copies", async () => {
    const writeText = sinon.stub(navigator.clipboard, "writeText").resolves();
    const el = await mountCheckout("en", new FakeGateway(pixView()));
    el.style.setProperty("--pay-color-primary", "rgb(0, 90, 10)");
    const pix = await pixOf(el);
    const field = shadow(pix).querySelector<HTMLInputElement>("[part=code]")!;
    const button = shadow(pix).querySelector<HTMLButtonElement>("[part=copy-button]")!;
    (document.activeElement as HTMLElement | null)?.blur();
    await sendKeys({ press: "Tab" });
    expect(shadow(pix).activeElement).to.equal(field);
    await sendKeys({ press: "Tab" });
    expect(shadow(pix).activeElement).to.equal(button);
    expect(button.matches(":focus-visible")).to.equal(true);
    const ring = getComputedStyle(button);
    expect([ring.outlineStyle, ring.outlineWidth, ring.outlineColor]).to.deep.equal(["solid", "3px", "rgb(0, 90, 10)"]);
    await sendKeys({ press: "Enter" });
    await flush();
    expect(writeText.calledOnceWithExactly(PIX_CODE)).to.equal(true);
  });
});

describe("<pay-pix>: countdown, live status and expiry", () => {
  it("counts down to expiresAt on the server's clock, whatever the buyer's clock says", async () => {
    const clock = sinon.useFakeTimers({ now: SERVER_NOW - SKEW, toFake: [...FAKE] });
    const gateway = new FakeGateway(pendingNow);
    const pix = await pixOf(await mountCheckout("en", gateway));
    expect(countdownOf(pix)).to.equal("03:00");
    expect(text(shadow(pix).querySelector("[part=countdown]"))).to.equal("Time left to pay: 03:00");
    await clock.tickAsync(1_000);
    expect(countdownOf(pix)).to.equal("02:59");
    await clock.tickAsync(60_000);
    expect(countdownOf(pix)).to.equal("01:59");
    expect(liveOf(pix)).to.equal("");
    await clock.tickAsync(59_000);
    expect(countdownOf(pix)).to.equal("01:00");
    expect(liveOf(pix)).to.equal("One minute left to pay.");
  });

  it("polls with backoff (1 s, ×1.5, at most 10 s) and flips to paid without a reload, firing pay-status and pay-success", async () => {
    const clock = sinon.useFakeTimers({ now: SERVER_NOW, toFake: [...FAKE] });
    const status = record(document, "pay-status");
    const success = record(document, "pay-success");
    const gateway = new FakeGateway((read) => (read < 9 ? pixView() : pixView({ status: "PAID" })));
    const el = await mountCheckout("en", gateway);
    const pix = await pixOf(el);
    await clock.tickAsync(60_000);
    const times = gateway.reads.map((r) => r.at - SERVER_NOW);
    // Mount, then 1000, +1500, +2250, +3375, +5063, +7595, +10000, +10000 (then PAID: no more reads).
    const expected = [0, 1_000, 2_500, 4_750, 8_125, 13_188, 20_783, 30_783, 40_783];
    expect(times).to.deep.equal(expected);
    expect(POLL_BACKOFF).to.deep.equal({ first: 1_000, factor: 1.5, max: 10_000 });
    expect(statusOf(el)).to.equal("Payment received Sandbox Shop received your payment of R$10.50. Thank you!");
    expect(pix.isConnected).to.equal(false); // the same checkout element, re-rendered: no reload
    expect(status.map((e) => e.detail.status)).to.deep.equal(["PENDING", "PAID"]);
    expect(success.map((e) => e.detail)).to.deep.equal([{ transactionId: TX, status: "PAID" }]);
    status.stop();
    success.stop();
  });

  it("keeps polling through a network failure", async () => {
    const clock = sinon.useFakeTimers({ now: SERVER_NOW, toFake: [...FAKE] });
    const gateway = new FakeGateway(pixView(), "offline", "offline", pixView({ status: "PAID" }));
    const el = await mountCheckout("en", gateway);
    await pixOf(el);
    await clock.tickAsync(10_000);
    expect(gateway.reads).to.have.length(4);
    expect(statusOf(el)).to.match(/^Payment received/);
  });

  it("pauses while the page is hidden and reads at once when it shows again", async () => {
    const clock = sinon.useFakeTimers({ now: SERVER_NOW, toFake: [...FAKE] });
    let hidden = false;
    sinon.stub(document, "hidden").get(() => hidden);
    const gateway = new FakeGateway(pixView());
    const el = await mountCheckout("en", gateway);
    await pixOf(el);
    await clock.tickAsync(1_000);
    expect(gateway.reads).to.have.length(2);
    hidden = true;
    document.dispatchEvent(new Event("visibilitychange"));
    await clock.tickAsync(120_000);
    expect(gateway.reads).to.have.length(2);
    hidden = false;
    document.dispatchEvent(new Event("visibilitychange"));
    await clock.tickAsync(0);
    expect(gateway.reads).to.have.length(3);
    expect(gateway.reads[2]!.at - SERVER_NOW).to.equal(121_000);
    await clock.tickAsync(1_500); // the backoff starts over
    expect(gateway.reads).to.have.length(4);
  });

  it("at zero shows the expired state, stops polling, and shows the server's CANCELLED/EXPIRED with pay-failed", async () => {
    const clock = sinon.useFakeTimers({ now: SERVER_NOW - SKEW, toFake: [...FAKE] });
    const failed = record(document, "pay-failed");
    // The server expires a due charge when it is read.
    const gateway = new FakeGateway(() =>
      Date.now() + SKEW >= EXPIRES_AT
        ? pixView({ status: "CANCELLED", cancellationReason: "EXPIRED", cancelledAt: new Date(EXPIRES_AT).toISOString(), serverTime: new Date(Date.now() + SKEW).toISOString() })
        : pendingNow(),
    );
    const el = await mountCheckout("pt-BR", gateway);
    await pixOf(el);
    await clock.tickAsync(3 * 60_000);
    expect(statusOf(el)).to.equal("Pagamento expirado O prazo para pagar este código PIX acabou. Peça um novo ao vendedor.");
    expect(shadow(el).querySelector("pay-pix")).to.equal(null);
    expect(failed.map((e) => e.detail)).to.deep.equal([{ transactionId: TX, status: "CANCELLED", failureCode: null, failureMessage: null }]);
    const reads = gateway.reads.length;
    await clock.tickAsync(10 * 60_000);
    expect(gateway.reads.length).to.equal(reads);
    failed.stop();
  });

  it("at zero shows the expired state even while the server still says PENDING, and stops polling", async () => {
    const clock = sinon.useFakeTimers({ now: SERVER_NOW - SKEW, toFake: [...FAKE] });
    const gateway = new FakeGateway(pendingNow);
    const el: PayCheckout = await mountCheckout("en", gateway);
    const pix = await pixOf(el);
    await clock.tickAsync(3 * 60_000 - 1_000);
    expect(countdownOf(pix)).to.equal("00:01");
    const before = gateway.reads.length;
    await clock.tickAsync(1_000);
    expect(text(shadow(pix).querySelector("[part=expired]"))).to.equal("The time to pay this PIX code is over. Ask the seller for a new one.");
    expect(shadow(pix).querySelector("[part=qr]")).to.equal(null);
    expect(shadow(pix).querySelector("[part=code]")).to.equal(null);
    expect(statusOf(el)).to.equal("Payment expired");
    await clock.tickAsync(10 * 60_000);
    // One read at zero and one more 2 s later (the server expires a due charge on read); then none.
    expect(gateway.reads.length - before).to.equal(2);
  });
});
