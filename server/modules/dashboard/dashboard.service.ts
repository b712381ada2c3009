import { isNull } from "drizzle-orm";
import type { DashboardSummary } from "../../../domain/catalog/admin.types";
import type { Database } from "../../db/client";
import { collections, products } from "../../db/schema/catalog";
import { contactMessages } from "../../db/schema/contact";
import { projects } from "../../db/schema/projects";

/** The admin dashboard's counts (docs/product.md, Admin panel), read fresh: the owner just changed them. */
export async function getDashboardSummary(db: Database): Promise<DashboardSummary> {
  const [productCount, collectionCount, projectCount, unreadMessages] = await Promise.all([
    db.$count(products),
    db.$count(collections),
    db.$count(projects),
    db.$count(contactMessages, isNull(contactMessages.readAt)),
  ]);
  return { products: productCount, collections: collectionCount, projects: projectCount, unreadMessages };
}
