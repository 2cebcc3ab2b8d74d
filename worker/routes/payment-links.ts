/**
 * /v1/payment-links: create, read (public), change, activate and deactivate a seller's payment
 * links, and list a seller's links (domain/payment-links/; docs/payment-links.md). Invalid link
 * data in a body is a 422 INVALID_DATA naming the field, as the spec answers it; a malformed id
 * is 400 VALIDATION_FAILED, as on every /v1 route.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { merchantIdentityOf } from "../domain/merchant";
import { createPaymentLink } from "../domain/payment-links/create";
import { listHeldUses, releaseHeldUse } from "../domain/payment-links/held-uses";
import { PAYMENT_LINK_STATUSES } from "../../shared/payments";
import { listPaymentLinks } from "../domain/payment-links/list";
import { toPaymentLink, toPublicLink } from "../domain/payment-links/serialize";
import { readLink } from "../domain/payment-links/store";
import { setLinkStatus, updatePaymentLink } from "../domain/payment-links/update";
import { route } from "../http/access";
import { scopeOf } from "../http/auth";
import type { AppEnv } from "../http/context";
import { PageQuery, pageEnvelope } from "../lib/pagination";
import { notFound } from "../lib/problem";
import { validationHookAs } from "../lib/validation";
import { idParam } from "../schemas/ids";
import {
  HeldUseReleasedSchema,
  HeldUseSchema,
  PaymentLinkCreateSchema,
  PaymentLinkPublicSchema,
  PaymentLinkSchema,
  PaymentLinkUpdateSchema,
} from "../schemas/payment-link";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { HELD_USE_EXAMPLE, PAYMENT_LINK_EXAMPLE } from "../schemas/examples/payment-links";

const LinkParam = idParam("id");
const tags = ["Payment links"];
/** The spec answers invalid link data with 422. */
const invalidData = validationHookAs("INVALID_DATA");

const createRoute = route("secret", {
  method: "post", path: "/v1/payment-links", tags, operationId: "createPaymentLink",
  summary: "Create a payment link",
  description: "ACTIVE at once, or DRAFT with `status: \"DRAFT\"` (published by activate). Event PAYMENT_LINK_CREATED.",
  request: {
    body: jsonBody(PaymentLinkCreateSchema, {
      name: "Camiseta Pay",
      description: "Camiseta de algodão, tamanho M",
      amountInCents: 5900,
      paymentMethods: ["PIX", "CREDIT_CARD"],
      maxInstallments: 3,
      requireCustomerDocument: true,
      successUrl: "https://loja.example.com/obrigado",
      cancelUrl: "https://loja.example.com/carrinho",
      maxUses: 100,
      checkoutConfig: { locale: "pt-BR" },
    }),
  },
  responses: { 201: json(PaymentLinkSchema, "The payment link."), ...problemResponses(400, 401, 422) },
});

const getRoute = route("public", {
  method: "get", path: "/v1/payment-links/{id}", tags, operationId: "getPaymentLink",
  summary: "Read a payment link (public)",
  description: "Without a key (a buyer's page): the public view. With its owner's secret key: the whole Payment link.",
  request: { params: LinkParam },
  responses: { 200: json(z.union([PaymentLinkSchema, PaymentLinkPublicSchema]), "The link: PaymentLink for its owner, PaymentLinkPublic for anyone else."), ...problemResponses(400, 401, 404) },
});

const updateRoute = route("secret", {
  method: "patch", path: "/v1/payment-links/{id}", tags, operationId: "updatePaymentLink",
  summary: "Change a payment link's fields",
  description: "The fields sent change (event PAYMENT_LINK_UPDATED). `maxUses` cannot go below the uses paid or held by pending charges. An EXPIRED link is 409.",
  request: { params: LinkParam, body: jsonBody(PaymentLinkUpdateSchema, { name: "Camiseta Pay (edição limitada)", maxUses: 50 }) },
  responses: { 200: json(PaymentLinkSchema, "The link after the change."), ...problemResponses(400, 401, 404, 409, 422) },
});

const statusRoute = (action: "activate" | "deactivate") =>
  route("secret", {
    method: "post", path: `/v1/payment-links/{id}/${action}`, tags, operationId: `${action}PaymentLink`,
    summary: action === "activate" ? "Activate a DRAFT or INACTIVE payment link" : "Deactivate an ACTIVE payment link (new payments are refused)",
    request: { params: LinkParam },
    responses: { 200: json(PaymentLinkSchema, "The link, moved."), ...problemResponses(400, 401, 404, 409) },
  });

const listRoute = route("secret", {
  method: "get", path: "/v1/sellers/{sellerId}/payment-links", tags, operationId: "listSellerPaymentLinks",
  summary: "List a seller's payment links, newest first",
  description: "The seller itself or its company, in the key's mode. Filter by `status`.",
  request: {
    params: idParam("sellerId"),
    query: PageQuery.extend({ status: z.enum(PAYMENT_LINK_STATUSES, { error: `must be one of ${PAYMENT_LINK_STATUSES.join(", ")}` }).optional() }),
  },
  responses: { 200: json(pageEnvelope(PaymentLinkSchema, "PaymentLinkPage", PAYMENT_LINK_EXAMPLE), "A page of links."), ...problemResponses(400, 401, 404) },
});

const holdsRoute = route("secret", {
  method: "get", path: "/v1/payment-links/{id}/holds", tags, operationId: "listPaymentLinkHolds",
  summary: "List a payment link's held uses (its charges waiting to be paid), newest first",
  description:
    "Each pending charge holds one of the link's uses until it is paid, cancelled or expires. `lookedAt` null: no one has read the " +
    "charge yet (it holds its use for 5 minutes only); the same `addressTag`: the same client address. `totalItems` is the link's `reservedUses`.",
  request: { params: LinkParam, query: PageQuery },
  responses: { 200: json(pageEnvelope(HeldUseSchema, "HeldUsePage", HELD_USE_EXAMPLE), "A page of held uses."), ...problemResponses(400, 401, 404) },
});

const releaseRoute = route("secret", {
  method: "post", path: "/v1/payment-links/{id}/holds/{transactionId}/release", tags, operationId: "releasePaymentLinkHold",
  summary: "Release a held use: cancel the link's pending charge",
  description:
    "PENDING → CANCELLED (`cancellationReason` REQUESTED, event TRANSACTION_CANCELLED), which frees its use in the same write: the " +
    "buyer's QR or 3DS can no longer be paid. 404 for a charge that is not this link's; 409 once it is paid or ended.",
  request: { params: LinkParam.merge(idParam("transactionId")) },
  responses: { 200: json(HeldUseReleasedSchema, "The cancelled charge and the link with its use back."), ...problemResponses(400, 401, 404, 409) },
});

/** Creating and changing a link: their bodies' validation failures are the spec's 422. */
const writes = new OpenAPIHono<AppEnv>({ defaultHook: invalidData })
  .openapi(createRoute, async (c) => c.json(await createPaymentLink(c.get("platform"), scopeOf(c), c.req.valid("json")), 201))
  .openapi(updateRoute, async (c) => c.json(await updatePaymentLink(c.get("platform"), scopeOf(c), c.req.valid("param").id, c.req.valid("json")), 200));

/** The payment links routes. */
export const paymentLinksRoutes = new OpenAPIHono<AppEnv>()
  .route("/", writes)
  .openapi(getRoute, async (c) => {
    const platform = c.get("platform");
    const { id } = c.req.valid("param");
    // The owner (its secret key, in the link's mode) sees everything; anyone else what the page shows.
    const own = c.get("auth")?.kind === "secret" ? await readLink(platform, id, scopeOf(c)) : null;
    if (own) return c.json(toPaymentLink(own, platform.config.baseUrl), 200);
    const state = await readLink(platform, id, undefined, "room");
    if (!state) throw notFound("payment link", id);
    const merchant = await merchantIdentityOf(platform, state.row.sellerId);
    return c.json(toPublicLink(state, merchant ?? { name: "", legalName: "", documentType: null, document: null }), 200);
  })
  .openapi(statusRoute("activate"), async (c) => c.json(await setLinkStatus(c.get("platform"), scopeOf(c), c.req.valid("param").id, "activate"), 200))
  .openapi(statusRoute("deactivate"), async (c) => c.json(await setLinkStatus(c.get("platform"), scopeOf(c), c.req.valid("param").id, "deactivate"), 200))
  .openapi(listRoute, async (c) => c.json(await listPaymentLinks(c.get("platform"), scopeOf(c), c.req.valid("param").sellerId, c.req.valid("query")), 200))
  .openapi(holdsRoute, async (c) => c.json(await listHeldUses(c.get("platform"), scopeOf(c), c.req.valid("param").id, c.req.valid("query")), 200))
  .openapi(releaseRoute, async (c) => {
    const { id, transactionId } = c.req.valid("param");
    return c.json(await releaseHeldUse(c.get("platform"), scopeOf(c), id, transactionId), 200);
  });
