import type { LoadContext } from "../domain/load-context";
import type { Database } from "./db/client";
import type { Env } from "./env";
import { getCollection, listCollections } from "./modules/catalog/collections.service";
import { getProduct, listProducts } from "./modules/catalog/products.service";
import { getProject, listProjects } from "./modules/projects/projects.service";

/** The services page loaders may call, bound to this app's database. */
export function createLoadContext(db: Database, env: Pick<Env, "PUBLIC_URL" | "WHATSAPP_NUMBER">): LoadContext {
  return {
    catalog: {
      listProducts: (query) => listProducts(db, query),
      getProduct: (id) => getProduct(db, id),
      listCollections: (query) => listCollections(db, query),
      getCollection: (id) => getCollection(db, id),
      listProjects: (query) => listProjects(db, query),
      getProject: (id) => getProject(db, id),
    },
    site: { publicUrl: env.PUBLIC_URL, whatsappNumber: env.WHATSAPP_NUMBER },
  };
}
