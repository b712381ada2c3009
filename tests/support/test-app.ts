import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../../server/app";
import { createTestDatabase, type TestDatabase } from "./test-database";

export const TEST_SITE = { PUBLIC_URL: "https://furnish.test", WHATSAPP_NUMBER: "2348012345678" };

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  mediaDir: string;
}

/** The real Fastify app (API only) on a fresh database and media folder. */
export async function createTestApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  const mediaDir = await mkdtemp(path.join(tmpdir(), "furnish-test-media-"));
  const app = await buildApp({ database, env: TEST_SITE, mediaDir });
  return {
    ...database,
    app,
    mediaDir,
    close: async () => {
      await app.close();
      await database.close();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

/** Call at the top of a test file: the app exists from beforeAll to afterAll. */
export function useTestApp(): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp());
  });
  afterAll(() => holder.close?.());
  return holder;
}
