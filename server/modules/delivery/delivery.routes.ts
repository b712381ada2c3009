/**
 * The delivery routes (docs/product.md, Delivery), through the delivery door. Public:
 * GET /api/delivery/areas (the areas delivered to, or those matching `search`, each with
 * its fee or on request), GET /api/delivery/areas/all (every known area, for the owner's
 * picker: it is geography) and POST /api/delivery/quote (a choice and lines, or the
 * caller's cart). Staff, inside the admin scope: GET and PUT /api/admin/operations/delivery.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refusals } from "../../../domain/api-errors.schema";
import {
  AllAreasQuerySchema,
  AllAreasSchema,
  AreaSearchQuerySchema,
  DeliveryQuoteRequestSchema,
  DeliveryQuoteSchema,
  DeliverySettingsAnswerSchema,
  DeliverySettingsSchema,
  PricedAreasSchema,
} from "../../../domain/delivery/delivery.schema";
import type { createDeliveryActions } from "./delivery.actions";
import { listAllAreas } from "./delivery.service";

type Door = ReturnType<typeof createDeliveryActions>;

export async function deliveryRoutes(app: FastifyInstance, { delivery }: { delivery: Door }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/delivery/areas",
    {
      schema: {
        summary: "List the delivery areas",
        description:
          "Without `search`, the areas the shop delivers to. With it, the known areas that match (typos forgiven), the ones delivered to first; an area the shop has not priced answers `onRequest: true`, or the fee the shop charges anywhere else.",
        querystring: AreaSearchQuerySchema,
        response: { 200: PricedAreasSchema, ...refusals(400) },
      },
    },
    async (request, reply) => ({ areas: await delivery(request, reply).areas(request.query.search) }),
  );

  api.get(
    "/delivery/areas/all",
    {
      schema: {
        summary: "List every known area",
        description:
          "Nigeria's states and the FCT, their local government areas and the districts of Lagos, Abuja and Port Harcourt, with or without a price.",
        querystring: AllAreasQuerySchema,
        response: { 200: AllAreasSchema, ...refusals(400) },
      },
    },
    async (request) => ({ areas: listAllAreas(request.query.state) }),
  );

  api.post(
    "/delivery/quote",
    {
      schema: {
        summary: "Price a delivery",
        description:
          "The delivery, carrying and installation lines of the lines sent (or the caller's cart when none are), in naira. An unknown area, or one not delivered to, is priced as anywhere else: `onRequest: true` unless the shop sets a fee for it.",
        body: DeliveryQuoteRequestSchema,
        response: { 200: DeliveryQuoteSchema, ...refusals(400) },
      },
    },
    async (request, reply) => delivery(request, reply).quote(request.body),
  );
}

/** GET and PUT /api/admin/operations/delivery, inside the staff scope. */
export async function deliveryAdminRoutes(app: FastifyInstance, { delivery }: { delivery: Door }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/delivery",
    {
      config: { access: "delivery.read" },
      schema: {
        summary: "Get the delivery prices",
        response: { 200: DeliverySettingsAnswerSchema, ...refusals(401, 403) },
      },
    },
    async (request) => delivery(request).settings(),
  );

  api.put(
    "/delivery",
    {
      config: { access: "settings.write" },
      schema: {
        summary: "Replace the delivery prices",
        description: "The whole object: areas left out are no longer delivered to. 400 names the field at fault.",
        body: DeliverySettingsSchema,
        response: { 200: DeliverySettingsAnswerSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => delivery(request).updateSettings(request.body),
  );
}
