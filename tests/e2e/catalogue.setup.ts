/**
 * The demo catalogue has 12 projects, fewer than one page of the public list (20). This
 * adds 13 more, through the same database and media pipeline the app uses, so the
 * projects journey can page: 20, then 25 and the end.
 */
import path from "node:path";
import { test as setup } from "@playwright/test";
import { connectDatabase } from "../../server/db/client";
import { findRunningEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { insertProject, makeImage } from "../support/catalog-factory";
import { E2E_DATA_DIR } from "../support/e2e-env";

export const EXTRA_PROJECTS = 13;

setup("add projects beyond the first page", async () => {
  const url = await findRunningEmbeddedPostgres(E2E_DATA_DIR, "furnish");
  if (!url) throw new Error(`No running e2e database in ${E2E_DATA_DIR}`);
  const connection = connectDatabase(url);
  try {
    const mediaDir = path.join(E2E_DATA_DIR, "media");
    for (let i = 1; i <= EXTRA_PROJECTS; i += 1) {
      const image = await makeImage(connection.db, mediaDir, i % 2 ? "#9c7b5b" : "#c9b79c");
      await insertProject(connection.db, {
        title: `Archive Residence ${i}`,
        location: "Ikoyi, Lagos",
        category: "Residential",
        // Older than every demo project, so they come last in the newest-first list.
        createdAt: new Date(Date.UTC(2020, 0, i)),
        images: [image],
      });
    }
  } finally {
    await connection.pool.end();
  }
});
