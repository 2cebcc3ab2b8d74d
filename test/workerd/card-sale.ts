/**
 * A card sale in workerd, as a seller's server makes one: 3DS setup and a frictionless
 * authenticate with the secret key, then the sale with the 3DS result (PAID).
 */
import { apiJson } from "./api";

/** The spec's authenticate body for a setup result. */
export function authenticateBody(setup: { requestId: string; referenceId: string }, card: unknown, amount: number, clientSecret?: string) {
  return {
    requestId: setup.requestId, referenceId: setup.referenceId, card, amount, currency: "BRL", paymentMethod: "CREDIT_CARD",
    returnUrl: "https://loja.example.com/3ds-return", deviceChannel: "BROWSER",
    deviceInformation: { httpBrowserLanguage: "pt-BR", httpBrowserScreenHeight: "900", httpBrowserScreenWidth: "1440", userAgentBrowserValue: "Mozilla/5.0", httpAcceptContent: "text/html", ipAddress: "203.0.113.7" },
    billing: { address1: "Rua A, 1", administrativeArea: "SP", country: "BR", locality: "Sao Paulo", firstName: "Maria", lastName: "Silva", email: "maria@example.com", postalCode: "01310100" },
    ...(clientSecret ? { clientSecret } : {}),
  };
}

export const card = (number: string) => ({ number, holderName: "MARIA SILVA", expirationMonth: "12", expirationYear: "2030", cvv: "123" });
export const buyer = { name: "Joana Souza", documentType: "CPF", documentNumber: "52998224725", email: "joana@example.com" };

/** A PAID credit card sale of `amount` with the frictionless Visa; returns the transaction. */
export async function cardSale(amount: number) {
  const visa = card("4111111111111111");
  const setup = await apiJson<{ requestId: string; referenceId: string }>("POST", "/v1/transactions/threeds/setup", 200, { card: visa });
  const auth = await apiJson<Record<string, string>>("POST", "/v1/transactions/threeds/authenticate", 200, authenticateBody(setup, visa, amount));
  const threeDs = { cavv: auth.cavv, xid: auth.xid, secureVersion: "2.2.0", directoryServerTransactionId: auth.directoryServerTransactionId };
  return apiJson<{ id: string; status: string }>("POST", "/v1/transactions", 201, { paymentMethod: "CREDIT_CARD", amount, currency: "BRL", buyer, card: visa, threeDs });
}
