/**
 * Looks and manners: the `--pay-*` custom properties and `::part` reach the pieces they name
 * (read back with getComputedStyle), and axe-core finds no violation in the PIX view, the paid,
 * failed and expired states and the error state, in both languages.
 */
import { expect } from "@open-wc/testing";
import sinon from "sinon";
import "../src/pay";
import type { PayCheckout } from "../src/pay-checkout";
import { cardView, FakeGateway, mountCheckout, pixOf, pixView, shadow } from "./support";

const part = (root: Element, name: string) => shadow(root).querySelector<HTMLElement>(`[part~="${name}"]`)!;

afterEach(() => {
  sinon.restore();
  document.adoptedStyleSheets = [];
});

describe("theming", () => {
  const THEME = {
    "--pay-color-primary": "rgb(120, 20, 60)",
    "--pay-color-text": "rgb(10, 30, 50)",
    "--pay-color-background": "rgb(250, 245, 235)",
    "--pay-color-error": "rgb(150, 0, 0)",
    "--pay-radius": "3px",
    "--pay-font-family": "serif",
    "--pay-font-size": "20px",
  };

  /** Sets the theme on a wrapper (as a seller's stylesheet would, inherited), through the CSSOM. */
  async function themed(view = pixView()): Promise<PayCheckout> {
    const el = await mountCheckout("en", new FakeGateway(view));
    for (const [name, value] of Object.entries(THEME)) el.parentElement!.style.setProperty(name, value);
    return el;
  }

  it("applies every --pay-* property to the checkout and, through its shadow root, to <pay-pix>", async () => {
    const el = await themed();
    const pix = await pixOf(el);
    const base = getComputedStyle(part(el, "base"));
    expect([base.color, base.backgroundColor, base.borderTopLeftRadius, base.fontFamily, base.fontSize]).to.deep.equal([
      "rgb(10, 30, 50)",
      "rgb(250, 245, 235)",
      "3px",
      "serif",
      "20px",
    ]);
    const button = getComputedStyle(part(pix, "copy-button"));
    expect([button.backgroundColor, button.color, button.borderTopLeftRadius, button.fontFamily]).to.deep.equal(["rgb(120, 20, 60)", "rgb(250, 245, 235)", "3px", "serif"]);
    const field = getComputedStyle(part(pix, "code"));
    expect([field.borderTopColor, field.backgroundColor, field.color]).to.deep.equal(["rgb(10, 30, 50)", "rgb(250, 245, 235)", "rgb(10, 30, 50)"]);
    expect(getComputedStyle(part(el, "amount")).fontSize).to.equal("35px"); // 1.75em of --pay-font-size
  });

  it("colours a failure with --pay-color-error", async () => {
    const el = await themed(cardView({ status: "FAILED", nextAction: null, failureCode: "card_declined" }));
    const title = shadow(el).querySelector("[part=status] .status-title")!;
    expect(getComputedStyle(title).color).to.equal("rgb(150, 0, 0)");
    expect(getComputedStyle(part(el, "status")).borderInlineStartColor).to.equal("rgb(150, 0, 0)");
  });

  it("has sensible defaults without any property set", async () => {
    const el = await mountCheckout("en", new FakeGateway(pixView()));
    const pix = await pixOf(el);
    const button = getComputedStyle(part(pix, "copy-button"));
    expect([button.backgroundColor, button.color, button.borderTopLeftRadius]).to.deep.equal(["rgb(11, 87, 208)", "rgb(255, 255, 255)", "8px"]);
  });

  it("lets the page style the pieces by ::part, <pay-pix>'s included (exported through the checkout)", async () => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`
      pay-checkout::part(amount) { color: rgb(1, 2, 3); }
      pay-checkout::part(copy-button) { text-transform: uppercase; }
      pay-checkout::part(qr) { border: 2px solid rgb(4, 5, 6); }
      pay-checkout::part(countdown) { font-style: italic; }
    `);
    document.adoptedStyleSheets = [sheet];
    const el = await mountCheckout("en", new FakeGateway(pixView()));
    const pix = await pixOf(el);
    expect(getComputedStyle(part(el, "amount")).color).to.equal("rgb(1, 2, 3)");
    expect(getComputedStyle(part(pix, "copy-button")).textTransform).to.equal("uppercase");
    expect(getComputedStyle(part(pix, "qr")).borderTopColor).to.equal("rgb(4, 5, 6)");
    expect(getComputedStyle(part(pix, "countdown")).fontStyle).to.equal("italic");
  });
});

describe("accessibility (axe-core)", () => {
  it("the PIX view has no violations, in en and in pt-BR", async () => {
    for (const locale of ["en", "pt-BR"]) {
      const el = await mountCheckout(locale, new FakeGateway(pixView()));
      await pixOf(el);
      await expect(el).to.be.accessible();
      el.remove();
      sinon.restore();
    }
  });

  it("the paid, failed, expired and error states have no violations", async () => {
    const answers = [
      pixView({ status: "PAID" }),
      cardView({ status: "FAILED", nextAction: null, failureCode: "insufficient_funds" }),
      pixView({ status: "CANCELLED", cancellationReason: "EXPIRED" }),
      { problem: 404 } as const,
    ];
    for (const answer of answers) {
      const el = await mountCheckout("pt-BR", new FakeGateway(answer));
      await expect(el).to.be.accessible();
      el.remove();
      sinon.restore();
    }
  });

  it("the PIX view with the theme's dark colours keeps its contrast", async () => {
    const el = await mountCheckout("en", new FakeGateway(pixView()));
    Object.entries({ "--pay-color-primary": "#8ab4f8", "--pay-color-text": "#e8eaed", "--pay-color-background": "#202124" }).forEach(([k, v]) =>
      el.style.setProperty(k, v),
    );
    await pixOf(el);
    await expect(el).to.be.accessible();
  });

  it("is a real check: a theme with too little contrast is caught", async () => {
    const el = await mountCheckout("en", new FakeGateway(pixView()));
    el.style.setProperty("--pay-color-text", "#999999");
    el.style.setProperty("--pay-color-background", "#aaaaaa");
    await pixOf(el);
    await expect(el).not.to.be.accessible();
  });
});
