/**
 * The customer book's door (server/door.ts): Owner and Sales read it (`customers.read`)
 * and write notes, tags and who looks after a customer (`customers.write`); only the
 * Owner merges two records and splits one (`customers.merge`). Each write is journaled in
 * the customers area, a merge and a split with the orders that moved.
 */
import type { FastifyRequest } from "fastify";
import type { CustomerActions } from "../../../domain/customers/customers.actions";
import {
  CustomerListQuerySchema,
  CustomerMergeSchema,
  CustomerSplitSchema,
  CustomerUpdateSchema,
} from "../../../domain/customers/customers.schema";
import { changesBetween, journaled, staffMember, writePartsOf } from "../../door";
import type { ActionDeps } from "../../load-context";
import { readBody } from "../catalog/admin-writes";
import {
  customerDetail,
  customerKeepers,
  exportCustomers,
  journalView,
  listCustomers,
  mergeCustomers,
  splitCustomer,
  staffNames,
  updateCustomer,
} from "./customers.service";

const labelOf = (name: string) => name || "Customer without a name";

export function createCustomerActions(deps: Pick<ActionDeps, "app" | "db" | "cache" | "operations" | "storage">) {
  const { db } = deps;
  const parts = writePartsOf(deps);
  return (request: FastifyRequest): CustomerActions => ({
    async list(query) {
      await staffMember(request, "customers.read");
      const asked = readBody(CustomerListQuerySchema, query);
      return deps.operations.remember(`customers ${JSON.stringify(asked)}`, () => listCustomers(db, asked));
    },
    async exportCsv(query) {
      await staffMember(request, "customers.read");
      const { search, sort } = readBody(CustomerListQuerySchema, query);
      return exportCustomers(db, { search, sort });
    },
    async get(id) {
      await staffMember(request, "customers.read");
      return customerDetail(db, id);
    },
    async keepers() {
      await staffMember(request, "customers.read");
      return customerKeepers(db);
    },
    async update(id, body) {
      const by = await staffMember(request, "customers.write");
      const update = readBody(CustomerUpdateSchema, body);
      await journaled(
        parts,
        by,
        ({ db: tx }) => updateCustomer(tx, id, update, by),
        async ({ before, after }, tx) => {
          const owners = await staffNames(tx);
          const changes = [
            ...changesBetween(journalView(before, owners), journalView(after, owners)),
            ...(update.notes ? [{ field: "note", before: null, after: update.notes }] : []),
          ];
          return changes.length
            ? { area: "customers", item: id, itemLabel: labelOf(after.name), action: "Customer changed", changes }
            : null;
        },
      );
      return customerDetail(db, id);
    },
    async merge(body) {
      const by = await staffMember(request, "customers.merge");
      const { ids } = readBody(CustomerMergeSchema, body);
      const merged = await journaled(
        parts,
        by,
        ({ db: tx }) => mergeCustomers(tx, ids),
        ({ kept, gone, orderIds }) => ({
          area: "customers",
          item: kept.id,
          itemLabel: labelOf(kept.name),
          action: "Customers merged",
          changes: [
            {
              field: "merged",
              before: `${labelOf(gone.name)} (${gone.id})`,
              after: `${labelOf(kept.name)} (${kept.id})`,
            },
            { field: "orders", before: null, after: orderIds.join(", ") || null },
          ],
        }),
      );
      return customerDetail(db, merged.kept.id);
    },
    async split(id, body) {
      const by = await staffMember(request, "customers.merge");
      const { orderIds } = readBody(CustomerSplitSchema, body);
      const split = await journaled(
        parts,
        by,
        ({ db: tx }) => splitCustomer(tx, id, orderIds),
        ({ from, made, orderIds: moved }) => ({
          area: "customers",
          item: from.id,
          itemLabel: labelOf(from.name),
          action: "Customer split",
          changes: [
            {
              field: "split",
              before: `${labelOf(from.name)} (${from.id})`,
              after: `${labelOf(made.name)} (${made.id})`,
            },
            { field: "orders", before: null, after: moved.join(", ") },
          ],
        }),
      );
      return customerDetail(db, split.made.id);
    },
  });
}
