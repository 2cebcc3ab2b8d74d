// The demo shop's page: asks its own backend for an order, then mounts <pay-checkout>.
import { eventItem } from "/events.js";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const $ = (id) => document.getElementById(id);

async function loadProducts() {
  const { items } = await (await fetch("/api/products")).json();
  for (const product of items) {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.textContent = `${product.name} — ${brl.format(product.amount / 100)}`;
    const buy = document.createElement("button");
    buy.type = "button";
    buy.textContent = "Comprar";
    buy.dataset.product = product.id;
    buy.addEventListener("click", () => order(product.id));
    li.append(name, buy);
    $("products").append(li);
  }
}

async function order(productId) {
  const method = document.querySelector('input[name="method"]:checked').value;
  $("result").textContent = "";
  const res = await fetch("/api/orders", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ productId, method }) });
  const body = await res.json();
  if (!res.ok) {
    $("result").textContent = `Erro: ${body.error}`;
    return;
  }
  const checkout = document.createElement("pay-checkout");
  checkout.setAttribute("publishable-key", body.publishableKey);
  checkout.setAttribute("transaction-id", body.transactionId);
  checkout.setAttribute("client-secret", body.clientSecret);
  checkout.setAttribute("locale", "pt-BR");
  checkout.addEventListener("pay-success", (e) => ($("result").textContent = `Pedido pago! (${e.detail.transactionId})`));
  // The checkout above says why, in the buyer's language; the shop only records the outcome.
  checkout.addEventListener("pay-failed", (e) => ($("result").textContent = `Pagamento não concluído (${e.detail.status}).`));
  $("checkout").replaceChildren(checkout);
}

async function pollEvents() {
  try {
    const { items } = await (await fetch("/api/events")).json();
    $("events").replaceChildren(...items.map((e) => eventItem(e, document)));
  } finally {
    setTimeout(pollEvents, 2000);
  }
}

loadProducts();
pollEvents();
