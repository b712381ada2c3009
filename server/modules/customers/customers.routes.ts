/**
 * The customer book, inside the staff scope, through its door (customers.actions.ts):
 * the list, one customer, notes and tags, merging and splitting, and the CSV export.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { refusals } from "../../../domain/api-errors.schema";
import {
  CustomerDetailSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomerMergeSchema,
  CustomerSplitSchema,
  CustomerUpdateSchema,
} from "../../../domain/customers/customers.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import type { createCustomerActions } from "./customers.actions";

export async function customersRoutes(
  app: FastifyInstance,
  { customers }: { customers: ReturnType<typeof createCustomerActions> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/customers",
    {
      config: { access: "customers.read" },
      schema: {
        summary: "List customers",
        querystring: CustomerListQuerySchema,
        response: { 200: CustomerListSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => customers(request).list(request.query),
  );

  api.get(
    "/customers/export.csv",
    {
      config: { access: "customers.read" },
      schema: {
        summary: "Export customers as CSV",
        querystring: CustomerListQuerySchema.omit({ page: true, limit: true }),
        response: {
          200: { content: { "text/csv": { schema: z.string().describe("RFC 4180 CSV, one line per customer") } } },
          ...refusals(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const csv = await customers(request).exportCsv(request.query);
      const day = new Date().toISOString().slice(0, 10);
      const raw: FastifyReply = reply;
      return raw
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="customers-${day}.csv"`)
        .send(Buffer.from(csv, "utf8"));
    },
  );

  api.post(
    "/customers/merge",
    {
      config: { access: "customers.merge" },
      schema: {
        summary: "Merge two customers",
        body: CustomerMergeSchema,
        response: { 200: CustomerDetailSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => customers(request).merge(request.body),
  );

  api.get(
    "/customers/:id",
    {
      config: { access: "customers.read" },
      schema: {
        summary: "Get a customer",
        params: IdParamsSchema,
        response: { 200: CustomerDetailSchema, ...refusals(401, 403, 404) },
      },
    },
    async (request) => customers(request).get(request.params.id),
  );

  api.put(
    "/customers/:id",
    {
      config: { access: "customers.write" },
      schema: {
        summary: "Update a customer",
        params: IdParamsSchema,
        body: CustomerUpdateSchema,
        response: { 200: CustomerDetailSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => customers(request).update(request.params.id, request.body),
  );

  api.post(
    "/customers/:id/split",
    {
      config: { access: "customers.merge" },
      schema: {
        summary: "Split orders off a customer",
        params: IdParamsSchema,
        body: CustomerSplitSchema,
        response: { 200: CustomerDetailSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => customers(request).split(request.params.id, request.body),
  );
}
