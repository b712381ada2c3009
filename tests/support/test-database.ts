/**
 * A fresh database for one test file, copied from the migrated template that the
 * global setup made. The global teardown drops any copy a test left behind.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { connectDatabase, type DatabaseConnection } from "../../server/db/client";
import { admin, withDatabase } from "./database-server";

export interface TestDatabase extends DatabaseConnection {
  url: string;
  close(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject("databaseServerUrl");
  const template = inject("templateDatabase");
  const name = `${template}_${randomBytes(4).toString("hex")}`;
  await admin(serverUrl, (client) => client.query(`create database ${name} template ${template}`));
  const url = withDatabase(serverUrl, name);
  const connection = connectDatabase(url, { max: 4 });
  return {
    ...connection,
    url,
    close: async () => {
      await connection.pool.end();
      await admin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Call at the top of a test file: the database exists from beforeAll to afterAll. */
export function useTestDatabase(): TestDatabase {
  const holder = {} as TestDatabase;
  beforeAll(async () => {
    Object.assign(holder, await createTestDatabase());
  });
  afterAll(() => holder.close?.());
  return holder;
}
