/**
 * The demo catalogue in numbers: how much of it a shop still holds, or what its removal
 * took away (DELETE /api/admin/operations/demo-catalogue, `npm run demo -- --remove`).
 */
import { z } from "zod";

export const DemoCatalogueCountsSchema = z.object({
  products: z.number().int(),
  collections: z.number().int(),
  projects: z.number().int(),
  pictures: z.number().int(),
});

export type DemoCatalogueCounts = z.output<typeof DemoCatalogueCountsSchema>;

/** "64 products, 10 collections and 12 projects": what a person reads; a zero is left out. */
export function describeDemoItems({ products, collections, projects }: DemoCatalogueCounts): string {
  const parts = [
    [products, "product"],
    [collections, "collection"],
    [projects, "project"],
  ] as const;
  const named = parts
    .filter(([count]) => count > 0)
    .map(([count, noun]) => `${count} ${noun}${count === 1 ? "" : "s"}`);
  if (named.length === 0) return "nothing";
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(", ")} and ${named.at(-1)!}`;
}
