/**
 * buildApp(deps) assembles the Fastify application without listening, so tests drive
 * it with inject() and main.ts serves it.
 */
import path from "node:path";
import { constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { DatabaseConnection } from "./db/client";
import type { Env } from "./env";
import { bodyReadAtTheDoor } from "./door";
import { journalRoutes } from "./modules/journal/journal.routes";
import { customersRoutes } from "./modules/customers/customers.routes";
import { paymentDeskRoutes } from "./modules/payments/payment-desk.routes";
import { paymentReturnRoute, paymentsRoutes } from "./modules/payments/payments.routes";
import { checkoutOriginsOf, providersFromEnv } from "./modules/payments/providers";
import { secretBox } from "./modules/payments/secrets";
import { paymentSweepPlugin } from "./plugins/payment-sweep";
import { staffInvitationRoutes, staffRoutes } from "./modules/staff/staff.routes";
import { createDoors, createLoadContext } from "./load-context";
import { orderDeskRoutes } from "./modules/orders/order-desk.routes";
import { ordersRoutes } from "./modules/orders/orders.routes";
import { reviewDeskRoutes } from "./modules/reviews/review-desk.routes";
import { reviewsRoutes } from "./modules/reviews/reviews.routes";
import { deliveryAdminRoutes, deliveryRoutes } from "./modules/delivery/delivery.routes";
import { settingsRoutes } from "./modules/settings/settings.routes";
import {
  createShopSettings,
  settingsFromEnv,
  shopDetailsSource,
  type SettingsSeedEnv,
} from "./modules/settings/settings.service";
import { startCatalogCache } from "./modules/catalog/catalog-cache";
import { startOperationsCache } from "./modules/customers/operations-cache";
import { serializeKeptOnce } from "./db/notified-cache";
import { createCatalogReader } from "./modules/catalog/catalog-reader";
import { preparedReads } from "./db/prepared-reads";
import { catalogListsRoutes } from "./modules/catalog/catalog-lists.routes";
import { catalogAdminRoutes } from "./modules/catalog/catalog-admin.routes";
import { catalogTransferRoutes } from "./modules/catalog-transfer/catalog-transfer.routes";
import type { TransferDeps } from "./modules/catalog-transfer/catalog-import.service";
import { announceCatalogChange } from "./modules/catalog/catalog-changes.service";
import { collectionsRoutes } from "./modules/catalog/collections.routes";
import { productsRoutes } from "./modules/catalog/products.routes";
import { authRoutes } from "./modules/accounts/auth.routes";
import { createBackupOnDemand } from "./modules/backups/backup-on-demand";
import { backupSchedulePlugin } from "./modules/backups/backup-schedule";
import { backupsRoutes } from "./modules/backups/backups.routes";
import type { BackupSettings } from "./modules/backups/backups.service";
import { readBackupPlan } from "./modules/backups/backup-plan.service";
import { cartsRoutes } from "./modules/carts/carts.routes";
import { contactInboxRoutes } from "./modules/contact/contact-inbox.routes";
import { contactRoutes } from "./modules/contact/contact.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { todayRoutes } from "./modules/today/today.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { withMailServer, withSenderName, type Mailer } from "./modules/mail/mailer";
import { mailServerOf, readMailRow } from "./modules/settings/mail-settings.service";
import { avifJobsPlugin } from "./modules/media/avif-jobs";
import { mediaColoursPlugin } from "./modules/media/media-colours";
import { mediaRoutes } from "./modules/media/media.routes";
import { createConfiguredStorage } from "./modules/media/storage/configured-storage";
import type { S3Settings } from "./modules/media/storage/s3-storage";
import { ogImagesRoutes } from "./modules/og-images/og-images.routes";
import { createOgImages } from "./modules/og-images/og-images.service";
import { projectsAdminRoutes } from "./modules/projects/projects-admin.routes";
import { projectsRoutes } from "./modules/projects/projects.routes";
import { setupRoutes } from "./modules/setup/setup.routes";
import { sitemapRoutes } from "./modules/sitemap/sitemap.routes";
import { feedsRoutes } from "./modules/feeds/feeds.routes";
import { appManifestRoutes } from "./modules/app-manifest/app-manifest.routes";
import { privateByDefaultPlugin } from "./plugins/cache-control";
import {
  CONNECTION_IDLE_MS,
  KEEP_ALIVE_MS,
  limitConnectionsPerAddress,
  MAX_CONNECTIONS_PER_ADDRESS,
  REQUEST_TIMEOUT_MS,
} from "./plugins/connection-limits";
import { apiDocsPlugin, apiDocsRoutes } from "./plugins/api-docs";
import { errorsPlugin } from "./plugins/errors";
import { housekeepingPlugin } from "./plugins/housekeeping";
import { visitRemindersPlugin } from "./plugins/visit-reminders";
import { remindVisits } from "./modules/orders/visit-reminders.service";
import { sendEmailReminders } from "./modules/today/email-reminders.service";
import { jsonBodiesPlugin } from "./plugins/json-bodies";
import { originCheckPlugin } from "./plugins/origin-check";
import { rateLimitsPlugin } from "./plugins/rate-limits";
import { realtimePlugin } from "./plugins/realtime";
import { securityHeadersPlugin } from "./plugins/security-headers";
import { guardStaffScope, sessionPlugin } from "./plugins/session";
import { webPlugin } from "./plugins/web";
import { PAGE_CACHE_SIZE, startPageCache, type PageCache } from "./plugins/page-cache";
import { closeRedis, connectRedis, DEFAULT_REDIS_PREFIX } from "./redis";

export interface AppDeps {
  database: DatabaseConnection;
  /** The public address, and the business details that seed the settings on the first start. */
  env: SettingsSeedEnv &
    Pick<Env, "PUBLIC_URL"> &
    Partial<Pick<Env, "SECRETS_KEY" | "PAYSTACK_API_URL" | "FLUTTERWAVE_API_URL">>;
  /** DATA_DIR/media: where pictures live unless `s3` names a bucket. */
  mediaDir: string;
  /** S3_BUCKET and the rest: pictures live in that bucket, shared by every instance. */
  s3?: S3Settings | undefined;
  /**
   * BACKUP_DIR, BACKUP_EVERY and BACKUP_KEEP: where the admin's list of backups is read, and
   * the schedule the shop takes them on until the owner sets one in Settings (none without
   * `everyMinutes`). By default the folder beside the media folder (DATA_DIR/backups), and
   * no schedule.
   */
  backups?: BackupSettings;
  /**
   * Created once by main.ts from SMTP_URL (or the outbox); tests hand in one that writes to
   * a temporary outbox. The mail server the owner sets in Settings takes its place.
   */
  mailer: Mailer;
  /** REDIS_URL: live events then reach the visitors of every instance, and rate limits count across them. */
  redisUrl?: string | undefined;
  /** REDIS_PREFIX: what this shop's Redis keys and channels start with. */
  redisPrefix?: string | undefined;
  /** Fastify's trustProxy (env TRUST_PROXY); off unless a proxy is named. */
  trustProxy?: boolean | string[];
  /** Origins the shop is also served from, besides PUBLIC_URL's (env ALLOWED_ORIGINS). */
  allowedOrigins?: string[];
  /** CATALOG_IMPORT_ALLOWED_HOSTS: "host:port" entries a catalogue import may fetch pictures from on a private network. */
  catalogImportAllowedHosts?: string[];
  /** Server-rendered pages; integration tests of the API leave them out. */
  web?: { mode: "production"; buildDir: string } | { mode: "development" };
  /** The page cache's bound in bytes (production pages only); 0 turns it off. By default PAGE_CACHE_SIZE. */
  pageCacheSize?: number;
  logger?: FastifyBaseLogger;
  /** Told of every route as it is added: tests check rules against the whole route table. */
  onRoute?: (route: RouteOptions) => void;
  /** How often the payments' sweep runs (every minute); null: only at start (tests drive it). */
  paymentSweepEveryMs?: number | null;
}

/**
 * A reset or sign-in link's token is a password until it is used, and the page link is
 * logged when the e-mail is opened, before it is used; an order's tracking token opens
 * that order (its lines, its quote, paying it) for as long as it lives. Logs must never
 * hold either. Matches the API paths and the pages (a page's `.data` too), in the query
 * too, and the separators percent-encoded.
 */
const LINK_TOKEN_IN_URL =
  /((?:reset(?:-|%2d)password|sign(?:-|%2d)in(?:-|%2d)link|orders(?:\/|%2f)(?:t|track)|receipts)(?:\/|%2f))[^/?#&]+/gi;
/** The return from a checkout names the order by its tracking token, in the query. */
const ORDER_TOKEN_IN_QUERY = /([?&]order=)[^&#]+/gi;

const redactUrl = (url: string) =>
  url.replace(LINK_TOKEN_IN_URL, "$1[redacted]").replace(ORDER_TOKEN_IN_QUERY, "$1[redacted]");

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** Guests' pages kept rendered (server/plugins/page-cache.ts); null without production pages. */
    pageCache: PageCache | null;
  }
}

export async function buildApp({
  database,
  env,
  mediaDir,
  s3,
  backups = { dir: path.join(path.dirname(mediaDir), "backups"), keep: 7 },
  mailer: plainMailer,
  redisUrl,
  redisPrefix = DEFAULT_REDIS_PREFIX,
  trustProxy = false,
  allowedOrigins = [],
  catalogImportAllowedHosts = [],
  web,
  pageCacheSize = PAGE_CACHE_SIZE,
  logger,
  onRoute,
  paymentSweepEveryMs = 60_000,
}: AppDeps): Promise<FastifyInstance> {
  const loggerInstance = logger?.child({}, { serializers: { req: serializeRequest } });
  const app = Fastify({
    trustProxy,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_IDLE_MS,
    keepAliveTimeout: KEEP_ALIVE_MS,
    ...(loggerInstance ? { loggerInstance } : { logger: false }),
  });
  if (trustProxy === false) limitConnectionsPerAddress(app.server, MAX_CONNECTIONS_PER_ADDRESS, app.log);
  // Stopping: a connection that finishes its last request meanwhile closes at once, so a
  // balancer's kept-alive connections do not hold the stop for their idle timeout.
  app.addHook("preClose", async () => {
    if (!app.server.listening) return;
    const closing = setInterval(() => app.server.closeIdleConnections(), 50).unref();
    app.server.once("close", () => clearInterval(closing));
  });
  const origins = [...new Set([new URL(env.PUBLIC_URL).origin, ...allowedOrigins])];
  if (onRoute) app.addHook("onRoute", onRoute);
  const { db } = database;
  const storage = createConfiguredStorage({ s3, mediaDir }, app.log);
  const cache = await startCatalogCache(database.pool.options, app.log);
  app.addHook("onClose", () => cache.close());
  const operations = await startOperationsCache(database.pool.options, app.log);
  app.addHook("onClose", () => operations.close());
  const catalog = createCatalogReader(preparedReads(database.pool), cache);
  const settings = createShopSettings({
    db,
    cache,
    storage,
    seed: settingsFromEnv(env),
  });
  const shop = shopDetailsSource(settings, env.PUBLIC_URL);
  const box = secretBox(env.SECRETS_KEY);
  // The shop's e-mails go through the mail server the owner set in Settings (else SMTP_URL,
  // else the outbox), read through the cache, so a change reaches every instance at once;
  // they come from the name the owner chose in Settings.
  const mailer = withSenderName(
    withMailServer(
      plainMailer,
      async () => mailServerOf(await cache.remember("mail-server", () => readMailRow(db)), box),
      app.log,
    ),
    async () => (await settings.cached()).mailSenderName,
  );
  app.decorate("shopSettings", settings);
  app.decorate("mailer", mailer);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializeKeptOnce(serializerCompiler));

  await app.register(errorsPlugin);
  // Before any route, so the OpenAPI document sees every one as it is added.
  await app.register(apiDocsPlugin, { title: "Furnish", publicUrl: env.PUBLIC_URL });
  await app.register(compress, {
    encodings: ["br", "gzip"],
    // Quality 5 keeps brotli fast enough to stream pages while still beating gzip. A window
    // of 256 KB (2^18) holds the largest page whole; brotli's default of 4 MB made each
    // answer being compressed hold some 5 MB of native memory, which the allocator then
    // kept: 20 pages at once left the process about 100 MB larger (bench:memory).
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
  });
  await app.register(securityHeadersPlugin);
  const redis = redisUrl ? await connectRedis(redisUrl, redisPrefix, app.log) : undefined;
  if (redis) app.addHook("onClose", () => closeRedis(redis.client));
  await app.register(rateLimitsPlugin, { redis });
  await app.register(sessionPlugin, { db, publicUrl: env.PUBLIC_URL });
  await app.register(housekeepingPlugin, { db, journalYears: async () => (await settings.read()).journalYears });
  await app.register(realtimePlugin, { db, origins, redis });
  await app.register(avifJobsPlugin, { db, storage });
  await app.register(mediaColoursPlugin, { db, storage });
  // The plan in force (Settings → Backups, else BACKUP_EVERY and BACKUP_KEEP), through the
  // cache that every instance empties on a change.
  const backupPlan = () => cache.remember("backup-plan", () => readBackupPlan(db, backups));
  await app.register(backupSchedulePlugin, {
    pool: database.pool,
    storage,
    dir: backups.dir,
    plan: backupPlan,
    onChange: (listener) => cache.onInvalidate(listener),
  });
  const backupOnDemand = createBackupOnDemand({
    pool: database.pool,
    storage,
    settings: { dir: backups.dir, keep: async () => (await backupPlan()).keep },
    log: app.log,
  });
  // A backup in progress stops at its next step and removes what it wrote, before the pool closes.
  app.addHook("onClose", () => backupOnDemand.close());

  const transfer: TransferDeps = {
    db,
    storage,
    announce: (change, status) =>
      announceCatalogChange({ cache, avifJobs: app.avifJobs, realtime: app.realtime }, change, status),
    publicUrl: env.PUBLIC_URL,
    origins,
    allowedHosts: catalogImportAllowedHosts,
    log: app.log,
  };

  const payments = {
    box,
    providers: providersFromEnv({
      PAYSTACK_API_URL: env.PAYSTACK_API_URL,
      FLUTTERWAVE_API_URL: env.FLUTTERWAVE_API_URL,
    }),
  };
  const checkoutOrigins = checkoutOriginsOf(env);
  const doors = createDoors({
    app,
    db,
    mailer,
    cache,
    operations,
    storage,
    shop,
    settings,
    backups,
    backupPlan,
    backupOnDemand,
    transfer,
    payments,
    mail: { box, fallback: plainMailer },
  });
  app.decorate("doors", doors);

  await app.register(healthRoutes, { db });
  await app.register(paymentReturnRoute, { doors });
  // Webhooks already answered are settled before the database closes (else the sweep does it later).
  app.addHook("onClose", () => doors.webhooks.settled());
  await app.register(paymentSweepPlugin, {
    pool: database.pool,
    sweep: () => doors.webhooks.sweep(),
    everyMs: paymentSweepEveryMs,
  });
  await app.register(visitRemindersPlugin, {
    remind: async () => {
      const [details, { followUps, messageTemplates, emailReminders }] = await Promise.all([shop(), settings.cached()]);
      await remindVisits(db, { mailer, shop: details, log: app.log }, new Date());
      await sendEmailReminders(db, {
        mailer,
        shop: details,
        settings: { followUps, messageTemplates, publicUrl: details.publicUrl },
        enabled: emailReminders,
        log: app.log,
      });
    },
    // Tests that drive the payments' sweep themselves drive the reminders too.
    everyMs: paymentSweepEveryMs === null ? null : 15 * 60 * 1000,
  });
  await app.register(
    async (api) => {
      await api.register(jsonBodiesPlugin);
      await api.register(privateByDefaultPlugin);
      // Bound to the routes the router matched, so an encoded path cannot slip past it.
      await api.register(originCheckPlugin, { origins });
      await api.register(apiDocsRoutes);
      await api.register(productsRoutes, { db, catalog });
      await api.register(collectionsRoutes, { db, catalog });
      await api.register(projectsRoutes, { db, catalog });
      await api.register(authRoutes, { db, mailer, shop });
      await api.register(staffInvitationRoutes, { accounts: doors.accounts });
      await api.register(
        async (admin) => {
          // Every staff route names the permission it needs: one left without is a start-up error.
          guardStaffScope(admin);
          // Bodies are read once, by the area's door (its schemas stay here for /api/docs).
          admin.setValidatorCompiler(bodyReadAtTheDoor);
          await admin.register(contactInboxRoutes, { inbox: doors.inbox });
          await admin.register(catalogAdminRoutes, { catalog: doors.catalog });
          await admin.register(catalogListsRoutes, { catalog: doors.catalog, projects: doors.projects });
          await admin.register(catalogTransferRoutes, { actions: doors.catalogTransfer });
          await admin.register(projectsAdminRoutes, { projects: doors.projects });
          await admin.register(dashboardRoutes, { dashboard: doors.dashboard });
          await admin.register(todayRoutes, { today: doors.today });
          await admin.register(settingsRoutes, { settings: doors.settings });
          await admin.register(setupRoutes, { setup: doors.setup });
          await admin.register(backupsRoutes, { backups: doors.backups });
          await admin.register(orderDeskRoutes, { desk: doors.orderDesk });
          await admin.register(staffRoutes, { staff: doors.staff });
          await admin.register(journalRoutes, { journal: doors.journal });
          await admin.register(customersRoutes, { customers: doors.customers });
          await admin.register(paymentDeskRoutes, { desk: doors.paymentDesk });
          await admin.register(deliveryAdminRoutes, { delivery: doors.delivery });
          await admin.register(reviewDeskRoutes, { desk: doors.reviewDesk });
        },
        { prefix: "/admin/operations" },
      );
      await api.register(cartsRoutes, { db });
      await api.register(contactRoutes, { db, mailer, shop });
      await api.register(ordersRoutes, { db, mailer, shop, settings, cache, storage, payments });
      await api.register(paymentsRoutes, { doors });
      await api.register(deliveryRoutes, { delivery: doors.delivery });
      await api.register(reviewsRoutes, { reviews: doors.reviews, catalog });
      api.all("/*", { schema: { hide: true } }, async (_request, reply) =>
        reply.status(404).send({ message: "Not found." }),
      );
    },
    { prefix: "/api" },
  );
  await app.register(mediaRoutes, { storage });
  // Before the pages, whose catch-all would otherwise answer these paths.
  const ogImages = createOgImages({
    catalog,
    storage,
    db,
    settings: () => settings.cached(),
    publicUrl: env.PUBLIC_URL,
    log: app.log,
  });
  await app.register(ogImagesRoutes, { ogImages });
  await app.register(sitemapRoutes, { db, publicUrl: env.PUBLIC_URL });
  await app.register(appManifestRoutes, { settings });
  await app.register(feedsRoutes, { db, cache, settings, publicUrl: env.PUBLIC_URL });
  // Guests' pages, kept rendered; emptied with the catalogue cache and by the product pages any instance announces.
  const pageCache =
    web?.mode === "production" && pageCacheSize > 0
      ? await startPageCache({
          connection: database.pool.options,
          maxSize: pageCacheSize,
          catalog: cache,
          log: app.log,
        })
      : null;
  if (pageCache) app.addHook("onClose", () => pageCache.close());
  app.decorate("pageCache", pageCache);
  if (web) {
    await app.register(async (pages) => {
      // Form posts to pages are writes too.
      await pages.register(originCheckPlugin, { origins });
      await pages.register(webPlugin, {
        ...web,
        origins,
        pageCache,
        loadContext: createLoadContext(
          catalog,
          async () => ({
            ...(await settings.cached()),
            publicUrl: env.PUBLIC_URL,
            ...(storage.publicUrl ? { mediaUrl: storage.publicUrl } : {}),
            checkoutOrigins,
          }),
          doors,
        ),
      });
    });
  }

  app.setNotFoundHandler(async (_request, reply) => reply.status(404).send({ message: "Not found." }));
  return app;
}
