/**
 * `<pay-card-form>`'s installments selector: each option's parts add up to the amount (the
 * remainder cents in the first installment, shared/installments.ts) and the total is beside them.
 */
import { expect, fixture, html } from "@open-wc/testing";
import "../src/pay";
import type { PayCardForm } from "../src/pay-card-form";
import { shadow, text } from "./support";

async function options(amount: number, locale: string): Promise<string[]> {
  const el = await fixture<PayCardForm>(html`<pay-card-form .amount=${amount} currency="BRL" max-installments="3" locale=${locale}></pay-card-form>`);
  await el.updateComplete;
  return [...shadow(el).querySelectorAll("option")].map(text);
}

describe("<pay-card-form> installments", () => {
  it("R$ 50,00 in 3: 16,66 each, the first 16,68, the total beside them (never 3 × 16,67 = 50,01)", async () => {
    expect(await options(5000, "pt-BR")).to.deep.equal([
      "À vista: R$ 50,00",
      "2 × R$ 25,00 sem juros (total R$ 50,00)",
      "3 × R$ 16,66 sem juros (1ª R$ 16,68, total R$ 50,00)",
    ]);
  });

  it("in English too, and an even split names no first installment", async () => {
    expect(await options(4800, "en")).to.deep.equal(["Pay in full: R$48.00", "2 × R$24.00, interest-free (total R$48.00)", "3 × R$16.00, interest-free (total R$48.00)"]);
  });
});
