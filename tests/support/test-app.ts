import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp, type AppDeps } from "../../server/app";
import { createMailer } from "../../server/modules/mail/mailer";
import { createConfiguredStorage } from "../../server/modules/media/storage/configured-storage";
import type { MediaStorage } from "../../server/modules/media/storage/media-storage";
import { WEB_BUILD_DIR } from "../../server/web-build";
import { createRouteTable, type RouteEntry } from "./route-table";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { TEST_MAIL_FROM, TEST_SITE } from "./test-site";

export { TEST_MAIL_FROM, TEST_SITE };

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  /** The local media folder (empty when the app's pictures are in a bucket). */
  mediaDir: string;
  /** Where the app keeps its pictures: the media folder, or the bucket of `s3`. */
  storage: MediaStorage;
  /** Where the admin's list of backups is read (BACKUP_DIR). */
  backupsDir: string;
  /** Where the app's e-mails land as .eml files, unless the test handed in its own mailer. */
  outboxDir: string;
  /** Every route the app registered, as Fastify added it. */
  routes: RouteEntry[];
}

/**
 * Redis is shared by every run on the machine: a test file's apps share keys and channels
 * with each other (two instances of one shop), and with no other run.
 */
const TEST_REDIS_PREFIX = `furnish-test-${randomBytes(6).toString("hex")}:`;

/** What a test may change about the app; everything else is the default test set-up. */
export type TestAppOptions = Partial<
  Pick<
    AppDeps,
    | "mailer"
    | "trustProxy"
    | "redisUrl"
    | "redisPrefix"
    | "logger"
    | "allowedOrigins"
    | "backups"
    | "catalogImportAllowedHosts"
    | "s3"
  >
> & {
  /** The media folder to use (and leave in place); by default a temporary one. */
  mediaDir?: string;
  env?: Partial<AppDeps["env"]>;
  /** Serve the pages too, from the production build (the integration tests' global setup makes it). */
  pages?: boolean;
};

/** The real Fastify app (API only) on a fresh database, media folder and mail outbox. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const mediaDir = options.mediaDir ?? (await mkdtemp(path.join(tmpdir(), "furnish-test-media-")));
  const backups = options.backups ?? { dir: await mkdtemp(path.join(tmpdir(), "furnish-test-backups-")), keep: 7 };
  const outboxDir = await mkdtemp(path.join(tmpdir(), "furnish-test-mail-"));
  const mailer = options.mailer ?? createMailer({ from: TEST_MAIL_FROM, outboxDir, log: { info: () => {} } });
  const routeTable = createRouteTable();
  const app = await buildApp({
    database,
    env: { ...TEST_SITE, ...options.env },
    mediaDir,
    s3: options.s3,
    backups,
    mailer,
    trustProxy: options.trustProxy,
    allowedOrigins: options.allowedOrigins,
    catalogImportAllowedHosts: options.catalogImportAllowedHosts,
    web: options.pages ? { mode: "production", buildDir: WEB_BUILD_DIR } : undefined,
    redisUrl: options.redisUrl,
    redisPrefix: options.redisPrefix ?? TEST_REDIS_PREFIX,
    logger: options.logger,
    onRoute: routeTable.record,
  });
  return {
    ...database,
    app,
    mediaDir,
    storage: createConfiguredStorage({ s3: options.s3, mediaDir }, { warn: () => {} }),
    backupsDir: backups.dir,
    outboxDir,
    routes: routeTable.routes,
    close: async () => {
      await app.close();
      await database.close();
      if (!options.mediaDir) await rm(mediaDir, { recursive: true, force: true });
      if (!options.backups) await rm(backups.dir, { recursive: true, force: true });
      // The mailer writes each message beside the outbox first (mailer.ts), then moves it in.
      await Promise.all([outboxDir, `${outboxDir}.part`].map((folder) => rm(folder, { recursive: true, force: true })));
    },
  };
}

/** Call at the top of a test file: the app exists from beforeAll to afterAll. */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(options));
  });
  afterAll(() => holder.close?.());
  return holder;
}
