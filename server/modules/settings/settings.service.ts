/**
 * The shop's settings (docs/product.md, Shop settings): one row, seeded from the
 * environment on the first start, then the owner's. Pages read them through the shop's
 * read cache, which every instance empties when PostgreSQL announces a change to them
 * (the same 'catalog_changed' channel as the catalogue's), so a save shows on every page
 * of every instance without a restart.
 */
import { koboToNaira, nairaToKobo } from "../../../domain/money";
import { asc, eq } from "drizzle-orm";
import { type ImageRef } from "../../../domain/catalog/catalog.types";
import type { ImageInput } from "../../../domain/catalog/input-fields";
import { toImageRef } from "../../../domain/media";
import {
  DEFAULT_CITY_LINE,
  DEFAULT_HOURS,
  DEFAULT_JOURNAL_YEARS,
  DEFAULT_ORDER_TERMS,
  DEFAULT_REFERENCE_PREFIX,
  DEFAULT_SERVICES,
  DEFAULT_SLOGAN,
  SETTINGS_MESSAGES,
  type ShopSettings,
  type ShopSettingsUpdate,
  type StoredSettings,
} from "../../../domain/settings/shop-settings.schema";
import { toE164 } from "../../../domain/accounts/phone";
import { DEFAULT_FOLLOW_UPS, DEFAULT_TEMPLATES, type MessageTemplates } from "../../../domain/today/today.schema";
import { isDemoEmail } from "../../../domain/setup/demo-values";
import type { Database } from "../../db/client";
import { media } from "../../db/schema/media";
import { shopPictures, shopSettings } from "../../db/schema/settings";
import type { Env } from "../../env";
import type { CatalogCache } from "../catalog/catalog-cache";
import { saveImageInputs, tooManyPixels, withNewImages } from "../media/image-uploads.service";
import { deleteUnusedMedia } from "../media/media.service";
import type { MediaStorage } from "../media/storage/media-storage";
import type { Mailer } from "../mail/mailer";

export type SettingsSeedEnv = Pick<
  Env,
  "WHATSAPP_NUMBER" | "SHOP_NAME" | "SHOP_EMAIL" | "SHOP_PHONE" | "SHOP_ADDRESS" | "INSTAGRAM_URL" | "ECATALOG_URL"
>;

/** What a new shop starts with: the environment's business details, and our defaults for the rest. */
export function settingsFromEnv(env: SettingsSeedEnv): StoredSettings {
  return {
    shopName: env.SHOP_NAME,
    description: "Furniture and interiors for Nigerian homes, offices and hotels, made to order and delivered.",
    slogan: DEFAULT_SLOGAN,
    cityLine: DEFAULT_CITY_LINE,
    referencePrefix: DEFAULT_REFERENCE_PREFIX,
    mailSenderName: env.SHOP_NAME,
    whatsappNumber: env.WHATSAPP_NUMBER,
    servicesWhatsappNumber: null,
    phone: toE164(env.SHOP_PHONE) ?? `+${env.WHATSAPP_NUMBER}`,
    email: env.SHOP_EMAIL,
    address: env.SHOP_ADDRESS,
    hours: DEFAULT_HOURS,
    instagramUrl: env.INSTAGRAM_URL,
    socialLinks: [],
    ecatalogUrl: env.ECATALOG_URL,
    services: DEFAULT_SERVICES,
    orderTerms: DEFAULT_ORDER_TERMS,
    journalYears: DEFAULT_JOURNAL_YEARS,
    followUps: DEFAULT_FOLLOW_UPS,
    messageTemplates: DEFAULT_TEMPLATES,
    emailReminders: false,
    autoPublishReviews: false,
    visitFeeKobo: 0,
    // Nobody has opened a link yet: the environment's address is not the owner's word.
    confirmedEmail: null,
  };
}

/** Stores the seed unless the shop has its settings already (several instances may start together). */
async function ensureShopSettings(db: Database, seed: StoredSettings): Promise<void> {
  await db.insert(shopSettings).values({ id: 1, value: seed }).onConflictDoNothing();
}

type Slot = "hero" | "ecatalog";

async function pictures(db: Database): Promise<Record<Slot, ImageRef[]>> {
  const rows = await db
    .select({ slot: shopPictures.slot, media })
    .from(shopPictures)
    .innerJoin(media, eq(media.id, shopPictures.mediaId))
    .orderBy(asc(shopPictures.slot), asc(shopPictures.position));
  const bySlot: Record<Slot, ImageRef[]> = { hero: [], ecatalog: [] };
  for (const row of rows) bySlot[row.slot].push(toImageRef(row.media));
  return bySlot;
}

/** The settings as stored now, straight from the database; null before they are first stored. */
async function readStored(db: Database): Promise<ShopSettings | null> {
  const [[row], shown] = await Promise.all([
    db.select().from(shopSettings).where(eq(shopSettings.id, 1)),
    pictures(db),
  ]);
  // Settings stored before a field existed answer its default: the journal's years, the
  // visit fee (kept in kobo, answered in naira), the slogan and the other words of the
  // home page, the references' prefix, the sender's name (the shop's name), an e-mail
  // nobody confirmed, the follow-ups' thresholds and templates, reminders off, and reviews
  // waiting for the shop.
  const { visitFeeKobo = 0, confirmedEmail = null, ...stored } = (row?.value ?? {}) as Partial<StoredSettings>;
  return row
    ? {
        ...(stored as Omit<StoredSettings, "visitFeeKobo" | "confirmedEmail">),
        slogan: stored.slogan ?? DEFAULT_SLOGAN,
        cityLine: stored.cityLine ?? DEFAULT_CITY_LINE,
        referencePrefix: stored.referencePrefix ?? DEFAULT_REFERENCE_PREFIX,
        mailSenderName: stored.mailSenderName ?? stored.shopName!,
        visitFee: koboToNaira(visitFeeKobo),
        emailConfirmed: isConfirmed(stored.email!, confirmedEmail),
        journalYears: stored.journalYears ?? DEFAULT_JOURNAL_YEARS,
        followUps: { ...DEFAULT_FOLLOW_UPS, ...stored.followUps },
        messageTemplates: { ...DEFAULT_TEMPLATES, ...stored.messageTemplates },
        emailReminders: stored.emailReminders ?? false,
        autoPublishReviews: stored.autoPublishReviews ?? false,
        heroImages: shown.hero,
        ecatalogImage: shown.ecatalog[0] ?? null,
      }
    : null;
}

/** The e-mail is confirmed while it is the address whose link was opened; the demo one never is. */
export const isConfirmed = (email: string, confirmedEmail: string | null) =>
  confirmedEmail !== null && !isDemoEmail(email) && email.toLowerCase() === confirmedEmail.toLowerCase();

const SETTINGS_CACHE_KEY = "shop-settings";

export interface ShopSettingsDeps {
  db: Database;
  storage: MediaStorage;
  cache: CatalogCache;
  /** What a shop without settings starts with (settingsFromEnv), stored on first use. */
  seed: StoredSettings;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The shop's settings, for what runs beside the requests (the start's setup warnings). */
    shopSettings: ShopSettingsStore;
    /** The shop's mailer: the owner's mail server, else SMTP_URL, else the outbox (the start's setup warnings). */
    mailer: Mailer;
  }
}

export interface ShopSettingsStore {
  /** Straight from the database, as the admin's form and the API read them. */
  read(db?: Database): Promise<ShopSettings>;
  /** From the shop's read cache, emptied by every change on every instance: what pages read. */
  cached(): Promise<ShopSettings>;
  /** Saves the update; `within` is the door's transaction and held effects (server/door.ts), when it gives them. */
  update(update: ShopSettingsUpdate, within?: SettingsWriteParts): Promise<ShopSettings>;
}

/** What a settings write is made with: the database (or a transaction), the picture store and the cache. */
export interface SettingsWriteParts {
  db: Database;
  storage: MediaStorage;
  cache: Pick<CatalogCache, "invalidate">;
}

/**
 * The settings of one shop. Nothing is read at creation, so an app whose database is not
 * reachable yet still starts (and says it is not ready); the seed is stored on first use.
 */
export function createShopSettings(deps: ShopSettingsDeps): ShopSettingsStore {
  const read = async (db = deps.db) => {
    const stored = await readStored(db);
    if (stored) return stored;
    await ensureShopSettings(db, deps.seed);
    return (await readStored(db))!;
  };
  return {
    read,
    cached: () => deps.cache.remember(SETTINGS_CACHE_KEY, () => read()),
    async update(update, within = deps) {
      await ensureShopSettings(within.db, deps.seed);
      await updateShopSettings(within, update);
      return read(within.db);
    },
  };
}

const HERO_MESSAGES = {
  field: "heroImages",
  unreadable: SETTINGS_MESSAGES.heroImage,
  tooLarge: "Image is larger than 10 MB.",
  tooManyPixels: tooManyPixels("Image"),
};
const ECATALOG_MESSAGES = {
  field: "ecatalogImage",
  unreadable: SETTINGS_MESSAGES.ecatalogImage,
  tooLarge: "Image is larger than 10 MB.",
  tooManyPixels: tooManyPixels("Image"),
};

/**
 * Saves the fields the update names; the others keep their stored values. New pictures
 * are stored first (re-encoding takes seconds; no row is locked meanwhile) and removed
 * again if the save fails; pictures no longer shown are removed once it commits, unless
 * a product, collection or project also shows them.
 */
async function updateShopSettings(
  { db, storage, cache }: SettingsWriteParts,
  update: ShopSettingsUpdate,
): Promise<void> {
  const { heroImages, ecatalogImage, visitFee, messageTemplates, ...typed } = update;
  // The fee is typed in naira and kept in kobo.
  const fields: Partial<StoredSettings> =
    visitFee === undefined ? typed : { ...typed, visitFeeKobo: nairaToKobo(visitFee) };
  const hero = heroImages ? await saveImageInputs(db, storage, heroImages, HERO_MESSAGES) : null;
  const cover =
    ecatalogImage === undefined
      ? null
      : await storeOne(db, storage, ecatalogImage).catch(async (error: unknown) => {
          if (hero) await deleteUnusedMedia(db, storage, hero.created);
          throw error;
        });
  const created = [...(hero?.created ?? []), ...(cover?.created ?? [])];

  const dropped = await withNewImages(db, storage, created, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for("update");
      if (!row) throw new Error("The shop's settings are stored before an update");
      if (Object.keys(fields).length > 0 || messageTemplates) {
        await tx
          .update(shopSettings)
          .set({
            value: {
              ...row.value,
              ...fields,
              // The templates named replace theirs; the others keep what they were.
              ...(messageTemplates && {
                messageTemplates: { ...row.value.messageTemplates, ...messageTemplates } as MessageTemplates,
              }),
            },
          })
          .where(eq(shopSettings.id, 1));
      }
      const before: string[] = [];
      if (hero) before.push(...(await replaceSlot(tx, "hero", hero.mediaIds)));
      if (cover) before.push(...(await replaceSlot(tx, "ecatalog", cover.mediaIds)));
      const now = new Set([...(hero?.mediaIds ?? []), ...(cover?.mediaIds ?? [])]);
      return before.filter((id) => !now.has(id));
    }),
  );
  await deleteUnusedMedia(db, storage, dropped);
  cache.invalidate();
}

async function storeOne(db: Database, storage: MediaStorage, image: ImageInput | null) {
  return image ? saveImageInputs(db, storage, [image], ECATALOG_MESSAGES, false) : { mediaIds: [], created: [] };
}

/** Puts `mediaIds` in the slot, in order: the media ids it held before. */
async function replaceSlot(tx: Database, slot: Slot, mediaIds: string[]): Promise<string[]> {
  const before = await tx
    .delete(shopPictures)
    .where(eq(shopPictures.slot, slot))
    .returning({ mediaId: shopPictures.mediaId });
  if (mediaIds.length) {
    await tx.insert(shopPictures).values(mediaIds.map((mediaId, position) => ({ slot, position, mediaId })));
  }
  return before.map((row) => row.mediaId);
}

/** What e-mails name: the shop, where mail with customers' details may go, and its public address. */
export interface ShopDetails {
  name: string;
  /**
   * The shop's e-mail once its owner confirmed it by the link, else null: a new order, a
   * contact message or anything else with a customer's details is not e-mailed then.
   */
  inbox: string | null;
  publicUrl: string;
}

export type ShopDetailsSource = () => Promise<ShopDetails>;

export function shopDetailsSource(settings: ShopSettingsStore, publicUrl: string): ShopDetailsSource {
  return async () => {
    const { shopName, email, emailConfirmed } = await settings.cached();
    return { name: shopName, inbox: emailConfirmed ? email : null, publicUrl };
  };
}
