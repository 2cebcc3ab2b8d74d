/**
 * /v1/buyers: create, list, read and update the seller's buyers.
 * POST and the list are not in the spec, but a `buyerId` cannot exist without them.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { createBuyer, findBuyer, listBuyers, toBuyer, updateBuyer } from "../domain/buyers";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { PageQuery, pageEnvelope } from "../lib/pagination";
import { notFound } from "../lib/problem";
import { idParam } from "../schemas/ids";
import { BuyerCreateSchema, BuyerSchema, BuyerUpdateSchema } from "../schemas/buyer";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { BUYER_EXAMPLE } from "../schemas/examples/transactions";

const BuyerIdParam = idParam("buyerId");

const createBuyerRoute = route("secret", {
  method: "post",
  path: "/v1/buyers",
  tags: ["Buyers"],
  operationId: "createBuyer",
  summary: "Create a buyer",
  request: {
    body: jsonBody(BuyerCreateSchema, {
      name: "Maria da Silva",
      documentType: "CPF",
      documentNumber: "12345678909",
      email: "maria@example.com",
      phone: "11987654321",
      address: { street: "Avenida Paulista", number: "1000", complement: "apto 12", neighborhood: "Bela Vista", city: "São Paulo", state: "SP", zipCode: "01310100", country: "BR" },
    }),
  },
  responses: { 201: json(BuyerSchema, "The buyer, document masked."), ...problemResponses(400, 401) },
});

const listBuyersRoute = route("secret", {
  method: "get",
  path: "/v1/buyers",
  tags: ["Buyers"],
  operationId: "listBuyers",
  summary: "List buyers, newest first",
  request: { query: PageQuery },
  responses: { 200: json(pageEnvelope(BuyerSchema, "BuyerPage", BUYER_EXAMPLE), "A page of buyers."), ...problemResponses(400, 401) },
});

const getBuyerRoute = route("secret", {
  method: "get",
  path: "/v1/buyers/{buyerId}",
  tags: ["Buyers"],
  operationId: "getBuyer",
  summary: "Get a buyer",
  request: { params: BuyerIdParam },
  responses: { 200: json(BuyerSchema, "The buyer."), ...problemResponses(400, 401, 404) },
});

const updateBuyerRoute = route("secret", {
  method: "patch",
  path: "/v1/buyers/{buyerId}",
  tags: ["Buyers"],
  operationId: "updateBuyer",
  summary: "Update a buyer (only the sent fields change)",
  request: {
    params: BuyerIdParam,
    body: jsonBody(BuyerUpdateSchema, { email: "maria.silva@example.com", phone: "11912345678" }),
  },
  responses: { 200: json(BuyerSchema, "The updated buyer."), ...problemResponses(400, 401, 404) },
});

/** The buyers routes. */
export const buyersRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createBuyerRoute, async (c) => {
    return c.json(await createBuyer(c.get("platform"), scopeOf(c), c.req.valid("json")), 201);
  })
  .openapi(listBuyersRoute, async (c) => {
    return c.json(await listBuyers(c.get("platform"), scopeOf(c), c.req.valid("query")), 200);
  })
  .openapi(getBuyerRoute, async (c) => {
    const platform = c.get("platform");
    const { buyerId } = c.req.valid("param");
    const row = await findBuyer(platform.db, scopeOf(c), buyerId);
    if (!row) throw notFound("buyer", buyerId);
    return c.json(await toBuyer(platform.vault, row), 200);
  })
  .openapi(updateBuyerRoute, async (c) => {
    const { buyerId } = c.req.valid("param");
    const buyer = await updateBuyer(c.get("platform"), scopeOf(c), buyerId, c.req.valid("json"));
    if (!buyer) throw notFound("buyer", buyerId);
    return c.json(buyer, 200);
  });
