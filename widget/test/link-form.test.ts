/**
 * The link form's checks and the API's field errors, as the buyer reads them (widget/src/link/form.ts):
 * a CPF/CNPJ with wrong check digits stops in the browser, and every error the API names by
 * `code` is shown in pt-BR or en, never the API's English `message`.
 */
import { expect } from "@open-wc/testing";
import type { PublicLink } from "../src/link/api";
import { collectPayment, problemMessages } from "../src/link/form";
import { linkStringsFor } from "../src/link/strings";
import { formatAmount } from "../src/locale";

const LINK: PublicLink = {
  id: "5f0c2a1e-1111-4222-8333-944455556666",
  merchant: { name: "Sandbox Shop", legalName: "Sandbox Seller Ltda", documentType: "CNPJ", document: "11222333000181" },
  name: "Camiseta Azul",
  description: null,
  chargeType: "CUSTOMER_CHOICE",
  amountInCents: 0,
  minAmountInCents: 1000,
  maxAmountInCents: 50_000,
  currency: "BRL",
  paymentMethods: ["PIX", "CREDIT_CARD"],
  maxInstallments: 3,
  requireCustomerDocument: true,
  payable: true,
  unpayableReason: null,
  locale: null,
  livemode: false,
};
const pt = linkStringsFor("pt-BR");
const en = linkStringsFor("en");
const money = (cents: number) => formatAmount(cents, "BRL", "pt-BR");

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries({ name: "João Comprador", email: "joao@example.com", amount: "49,90", method: "PIX", ...fields })) data.set(name, value);
  return data;
}

describe("the link form's own checks", () => {
  it("stops a CPF or a CNPJ whose check digits are wrong, before any request", () => {
    for (const document of ["529.982.247-24", "52998224724", "11.222.333/0001-80", "11111111111"]) {
      const { body, errors } = collectPayment(form({ document }), LINK, pt, money);
      expect(body, document).to.equal(null);
      expect(errors, document).to.deep.equal({ document: "Este CPF ou CNPJ não é válido: confira os dígitos." });
    }
    expect(collectPayment(form({ document: "1234567" }), LINK, en, money).errors).to.deep.equal({ document: "Enter the 11 digits of a CPF or the 14 of a CNPJ." });
  });

  it("sends a valid CPF or CNPJ, punctuation dropped, with its type", () => {
    expect(collectPayment(form({ document: "529.982.247-25" }), LINK, pt, money).body?.buyer).to.include({ documentType: "CPF", documentNumber: "52998224725" });
    expect(collectPayment(form({ document: "11.222.333/0001-81" }), LINK, pt, money).body?.buyer).to.include({ documentType: "CNPJ", documentNumber: "11222333000181" });
  });

  it("checks the phone's length and the amount's range in the buyer's words", () => {
    const { errors } = collectPayment(form({ document: "52998224725", phone: "1234", amount: "5" }), LINK, pt, money);
    expect(errors).to.deep.equal({ phone: "Informe o telefone com DDD: de 10 a 13 dígitos.", amount: "Informe um valor de no mínimo R$\u00a010,00." });
  });
});

describe("the API's field errors, by code", () => {
  const PROBLEM = [
    { path: "buyer.name", code: "too_big", message: "at most 200 characters" },
    { path: "buyer.email", code: "invalid_format", message: "must be a valid email address" },
    { path: "buyer.documentNumber", code: "invalid_check_digits", message: "invalid CPF check digits" },
    { path: "amountInCents", code: "too_big", message: "must be at most 50000" },
    { path: "paymentMethod", code: "not_accepted", message: "must be one this link accepts: PIX" },
  ];

  it("in pt-BR, on their fields, never the API's message", () => {
    const { fields, other } = problemMessages(PROBLEM, LINK, pt, money);
    expect(other).to.equal(false);
    expect(fields).to.deep.equal({
      name: "Informe seu nome completo, com até 200 caracteres e sem quebras de linha.",
      email: "Informe um e-mail válido.",
      document: "Este CPF ou CNPJ não é válido: confira os dígitos.",
      amount: "Informe um valor de no máximo R$\u00a0500,00.",
      method: "Escolha uma das formas de pagamento acima.",
    });
  });

  it("in en; an error on no field of the form is flagged, not printed", () => {
    const { fields, other } = problemMessages([...PROBLEM.slice(2, 3), { path: "installments", code: "too_big", message: "must be at most 1 on this link" }], LINK, en, (c) => formatAmount(c, "BRL", "en"));
    expect(fields).to.deep.equal({ document: "This CPF or CNPJ is not valid: check its digits." });
    expect(other).to.equal(true);
  });
});
