/**
 * Page actions for the admin panel: the same server functions the API routes call, bound to one
 * request and its reply (cookies, live events and rate limits apply as they do at the API).
 * Every call first checks that an admin is signed in, as the API's admin scope does; writes
 * read their bodies with the schemas the API routes validate with.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AdminActions } from "../../../domain/catalog/admin.actions";
import { CollectionInputSchema, CollectionUpdateBodySchema } from "../../../domain/catalog/collection-input.schema";
import { ProductInputSchema, ProductUpdateBodySchema } from "../../../domain/catalog/product-input.schema";
import { ProjectInputSchema, ProjectUpdateBodySchema } from "../../../domain/catalog/project-input.schema";
import type { ActionDeps } from "../../load-context";
import { requireAdmin } from "../../plugins/session";
import { countUnreadMessages, getDashboardSummary } from "../dashboard/dashboard.service";
import { listInboxPage, removeMessage, setMessageRead } from "../dashboard/admin-inbox.service";
import { addProject, changeProject, listAdminProjects, removeProject } from "../projects/projects-admin.service";
import { getProject } from "../projects/projects.service";
import type {
  AdminCollectionListQuery,
  AdminProductListQuery,
  AdminProjectListQuery,
} from "../../../domain/catalog/admin-list-query.schema";
import { BulkChangeBodySchema } from "../../../domain/catalog/bulk-change.schema";
import { readBody } from "./admin-writes";
import { changeProductsInBulk } from "./bulk-changes.service";
import { duplicateCollection, duplicateProduct } from "./duplicates.service";
import {
  addCollection,
  addProduct,
  changeCollection,
  changeProduct,
  findProductChoices,
  listAdminCollections,
  listAdminProducts,
  listCollectionChoices,
  removeCollection,
  removeProduct,
  type AdminWriteDeps,
} from "./catalog-admin.service";
import { getCollection } from "./collections.service";
import { getProduct } from "./products.service";

export function createAdminActions({ app, db, cache, storage }: ActionDeps) {
  const deps: AdminWriteDeps = { db, storage, cache, avifJobs: app.avifJobs, realtime: app.realtime };
  return (request: FastifyRequest, _reply: FastifyReply): AdminActions => {
    /** The call, once the server has checked that an admin is asking. */
    const asAdmin =
      <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        await requireAdmin(request);
        return run(...args);
      };
    return {
      getSummary: asAdmin(() => getDashboardSummary(db)),
      countUnreadMessages: asAdmin(() => countUnreadMessages(db)),
      listProducts: asAdmin((query: AdminProductListQuery) => listAdminProducts(db, query)),
      listCollections: asAdmin((query: AdminCollectionListQuery) => listAdminCollections(db, query)),
      listProjects: asAdmin((query: AdminProjectListQuery) => listAdminProjects(db, query)),
      listMessages: asAdmin((page: number) => listInboxPage(db, page)),
      getProduct: asAdmin((id: string) => getProduct(db, id, "admin")),
      getCollection: asAdmin((id: string) => getCollection(db, id, "admin")),
      getProject: asAdmin((id: string) => getProject(db, id, "admin")),
      listCollectionChoices: asAdmin(() => listCollectionChoices(db)),
      findProducts: asAdmin((query: { search?: string | undefined; page: number }) => findProductChoices(db, query)),

      addProduct: asAdmin((body) => addProduct(deps, readBody(ProductInputSchema, body))),
      updateProduct: asAdmin((id: string, body) => changeProduct(deps, id, readBody(ProductUpdateBodySchema, body))),
      deleteProduct: asAdmin((id: string) => removeProduct(deps, id)),
      duplicateProduct: asAdmin((id: string) => duplicateProduct(deps, id)),
      changeProducts: asAdmin((body) => changeProductsInBulk(deps, readBody(BulkChangeBodySchema, body))),
      addCollection: asAdmin((body) => addCollection(deps, readBody(CollectionInputSchema, body))),
      updateCollection: asAdmin((id: string, body) =>
        changeCollection(deps, id, readBody(CollectionUpdateBodySchema, body)),
      ),
      deleteCollection: asAdmin((id: string) => removeCollection(deps, id)),
      duplicateCollection: asAdmin((id: string) => duplicateCollection(deps, id)),
      addProject: asAdmin((body) => addProject(deps, readBody(ProjectInputSchema, body))),
      updateProject: asAdmin((id: string, body) => changeProject(deps, id, readBody(ProjectUpdateBodySchema, body))),
      deleteProject: asAdmin((id: string) => removeProject(deps, id)),
      markMessageRead: asAdmin((id: string, read: boolean) => setMessageRead(db, id, read)),
      deleteMessage: asAdmin((id: string) => removeMessage(db, id)),
    };
  };
}
