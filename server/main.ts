/**
 * Process entry: environment → database → app → listen → graceful shutdown.
 */
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { connectDatabase, type DatabaseConnection } from "./db/client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./db/embedded-postgres";
import { migrateDatabase } from "./db/migrate";
import { seedDemoCatalogOnce } from "./db/seed/seed-demo";
import { EnvError, parseEnv, type Env } from "./env";
import { createAdminFromEnv } from "./modules/accounts/admins.service";
import { createMailer } from "./modules/mail/mailer";
import { createConfiguredStorage, s3SettingsFromEnv } from "./modules/media/storage/configured-storage";
import { createLogger } from "./start/logger";
import { warnOfUnfinishedSetup } from "./start/setup-warnings";
import { buildWebIfStale, WEB_BUILD_DIR } from "./web-build";

if (existsSync(".env")) process.loadEnvFile(".env");

let env: Env;
try {
  env = parseEnv(process.env);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}

const logger = createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT });
const development = env.NODE_ENV === "development";

let app: FastifyInstance | undefined;
let connection: DatabaseConnection | undefined;
/** Set as soon as it starts, so a stop that comes meanwhile still stops it once it is up. */
let embedded: Promise<EmbeddedPostgres> | undefined;
let stopping = false;
let firstSignalAt = 0;

async function start() {
  if (!development) await buildWebIfStale(logger);

  const dataDir = path.resolve(env.DATA_DIR);
  const mediaDir = path.join(dataDir, "media");
  await mkdir(mediaDir, { recursive: true });

  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = startEmbeddedPostgres({ dataDir, database: "furnish", log: (m) => logger.info(m) });
    databaseUrl = (await embedded).url;
  }
  connection = connectDatabase(databaseUrl);
  await migrateDatabase(connection);
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await createAdminFromEnv(
      connection.db,
      { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME },
      logger,
    );
  }
  const s3 = s3SettingsFromEnv(env);
  if (env.SEED_DEMO) {
    await seedDemoCatalogOnce(connection.db, createConfiguredStorage({ s3, mediaDir }, logger), logger);
  }

  const mailer = createMailer({
    from: env.MAIL_FROM,
    smtpUrl: env.SMTP_URL,
    outboxDir: path.join(dataDir, "mail"),
    log: logger,
  });
  app = await buildApp({
    database: connection,
    env,
    mediaDir,
    s3,
    backups: { dir: path.resolve(env.BACKUP_DIR), everyMinutes: env.BACKUP_EVERY, keep: env.BACKUP_KEEP },
    mailer,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    trustProxy: env.TRUST_PROXY,
    allowedOrigins: env.ALLOWED_ORIGINS,
    catalogImportAllowedHosts: env.CATALOG_IMPORT_ALLOWED_HOSTS,
    web: development ? { mode: "development" } : { mode: "production", buildDir: WEB_BUILD_DIR },
    logger,
  });
  if (env.NODE_ENV === "production") {
    const settings = app.shopSettings;
    await warnOfUnfinishedSetup(connection.db, logger, {
      // The owner's values from Settings (the environment's only until the first save).
      settings: () => settings.read(),
      publicUrl: env.PUBLIC_URL,
      // The owner's mail server from Settings, else SMTP_URL.
      mailGoesToFiles: (await app.mailer.delivery()) === "files",
    });
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  logger.info(`Furnish is serving ${env.PUBLIC_URL}`);
}

/** Ends the wait for open requests at once: a second signal's "stop now". */
let hurry: () => void = () => {};

/** After the grace period and the connections closed, how long the rest of closing may take. */
const CLOSING_MS = 5_000;

/**
 * Stop accepting, let requests in flight finish for STOP_GRACE_SECONDS, then close the
 * connections of those still open (a client trickling a body, a stalled download); close
 * the pool; and whatever happened before, stop the embedded database, which would
 * otherwise outlive the process.
 */
async function stop(code: number) {
  stopping = true;
  const grace = env.STOP_GRACE_SECONDS;
  const deadline = setTimeout(() => {
    logger.warn(`Requests still open after ${grace} s: closing their connections`);
    app?.server.closeAllConnections();
  }, grace * 1000);
  const closed = (async () => {
    await app?.close().catch(() => {});
    await connection?.pool.end().catch(() => {});
  })();
  const timedOut = Symbol();
  const outcome = await Promise.race([
    closed,
    delay(grace * 1000 + CLOSING_MS, timedOut),
    new Promise<typeof timedOut>((resolve) => (hurry = () => resolve(timedOut))),
  ]);
  clearTimeout(deadline);
  if (outcome === timedOut) logger.error("The app did not finish closing; stopping the database anyway");
  await embedded?.then(
    (database) =>
      database.stop().catch((error: unknown) => logger.error(`Could not stop PostgreSQL: ${String(error)}`)),
    // It never started; its start reported why.
    () => {},
  );
  process.exit(outcome === timedOut ? 1 : code);
}

// Ctrl-C, a service manager's stop, and a closed terminal or SSH session (SIGHUP, which
// would otherwise end this process at once and leave the embedded database running).
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (stopping) {
      // One Ctrl-C arrives several times (from the terminal and relayed by npm); only a
      // signal sent again later means "stop now". (`npm start` runs `node --import tsx`,
      // not the tsx command, whose own process relays a signal and kills the app with
      // SIGKILL when it does not confirm within 30 ms, as on a busy machine: the database
      // would be left running.)
      if (Date.now() - firstSignalAt < 1000) return;
      // Stop now, but never without the database, which would outlive the process.
      logger.warn(`${signal} again: closing open requests now, then stopping the database`);
      app?.server.closeAllConnections();
      hurry();
      return;
    }
    firstSignalAt = Date.now();
    logger.info(`${signal}: finishing open requests, then stopping`);
    void stop(0);
  });
}

start().catch((error: unknown) => {
  if (stopping) return;
  logger.fatal(error instanceof Error ? error.message : String(error));
  void stop(1);
});
