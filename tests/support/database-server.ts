/**
 * Vitest global setup for integration tests: one PostgreSQL server for the whole run —
 * the one in TEST_DATABASE_URL, or an embedded one in a temporary folder — with a
 * template database already migrated, so each test file copies it in milliseconds; the
 * production build of the pages, for the tests that serve them; and the server's bundles,
 * for the tests that run `npm start` or a command-line tool.
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { pino } from "pino";
import type { TestProject } from "vitest/node";
import { connectDatabase } from "../../server/db/client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../server/db/embedded-postgres";
import { migrateDatabase } from "../../server/db/migrate";
import { bundled } from "../../server/bundle.js";
import { buildWebIfStale } from "../../server/web-build";

declare module "vitest" {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  // Tests of pages serve the production build: made here once, before test files run in parallel.
  await buildWebIfStale(pino({ level: "silent" }));
  // Likewise the bundles: test files starting a tool at the same moment would each make them.
  await bundled();
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), "furnish-test-db-"));
    // As root, PostgreSQL runs as the postgres user and must be able to enter the folder.
    await chmod(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir, database: "postgres", log: () => {}, durable: false });
    serverUrl = embedded.url;
  }

  const template = `furnish_tpl_${randomBytes(4).toString("hex")}`;
  await admin(serverUrl, (client) => client.query(`create database ${template}`));
  const connection = connectDatabase(withDatabase(serverUrl, template), { max: 2 });
  await migrateDatabase(connection);
  await connection.pool.end();

  project.provide("databaseServerUrl", serverUrl);
  project.provide("templateDatabase", template);

  return async () => {
    await admin(serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1 or datname = $2",
        [`${template}_%`, template],
      );
      for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    });
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
