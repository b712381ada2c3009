/**
 * The delivery door (docs/architecture.md, The door): the owner's prices (read by Owner
 * and Sales, `delivery.read`; replaced by the Owner, `settings.write`, journaled), the
 * areas and quotes anyone may read, and the shopper's choice of area, floor, lift and
 * installation, remembered in a cookie on the device and, when signed in, on the account.
 */
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ChosenDelivery, DeliveryActions } from "../../../domain/delivery/delivery.actions";
import {
  DELIVERY_MESSAGES,
  DeliveryChoiceSchema,
  DeliveryQuoteRequestSchema,
  DeliverySettingsSchema,
  type DeliveryChoice,
  type DeliveryQuote,
} from "../../../domain/delivery/delivery.schema";
import { CONSENT_COOKIE } from "../../../domain/cookie-consent";
import { refuseField } from "../../../domain/refusal";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { changesBetween, journaled, staffMember, type WriteParts } from "../../door";
import { getCart, resolveListOwner } from "../carts/carts.service";
import { GUEST_COOKIE, guestCookieMaxAge } from "../carts/list-owners";
import { readBody } from "../catalog/admin-writes";
import type { CatalogCache } from "../catalog/catalog-cache";
import {
  cachedDeliveryPrices,
  deliverySettingsAnswer,
  findArea,
  listAllAreas,
  listPricedAreas,
  mainAreaShipping,
  pricedArea,
  quoteAnswer,
  quoteLines,
  readDeliveryPrices,
  saveDeliveryPrices,
  type PieceLine,
} from "./delivery.service";

/** The device's delivery choice: area, floor, lift and installation, in one cookie. */
export const DELIVERY_COOKIE = "delivery";

const cookieValue = (choice: DeliveryChoice) =>
  [choice.areaId, choice.floor, choice.lift ? 1 : 0, choice.installation ? 1 : 0].join("~");

/** The choice a cookie holds, or null for none or one that does not read. */
export function choiceFromCookie(value: string | undefined): DeliveryChoice | null {
  if (!value) return null;
  const [areaId, floor, lift, installation] = value.split("~");
  const parsed = DeliveryChoiceSchema.safeParse({ areaId, floor, lift, installation });
  return parsed.success && findArea(parsed.data.areaId) ? parsed.data : null;
}

/** Each request's choice, read once: a page's loader and the order preview both ask for it. */
const choices = new WeakMap<FastifyRequest, Promise<DeliveryChoice | null>>();

/** Where this shopper said their orders go: this device's cookie, else their account's; null when neither says. */
export function rememberedChoice(db: Database, request: FastifyRequest): Promise<DeliveryChoice | null> {
  let choice = choices.get(request);
  if (!choice) {
    choice = readChoice(db, request);
    choices.set(request, choice);
  }
  return choice;
}

async function readChoice(db: Database, request: FastifyRequest): Promise<DeliveryChoice | null> {
  const own = choiceFromCookie(request.cookies[DELIVERY_COOKIE]);
  if (own) return own;
  const viewer = (await request.signedIn())?.viewer;
  if (!viewer || viewer.isAdmin) return null;
  const [row] = await db.select({ choice: users.deliveryChoice }).from(users).where(eq(users.id, viewer._id));
  const saved = DeliveryChoiceSchema.safeParse(row?.choice);
  return saved.success && findArea(saved.data.areaId) ? saved.data : null;
}

/** The fields of the prices the journal compares, each as one value. */
const journalFields = (settings: ReturnType<typeof deliverySettingsAnswer>) => ({
  mainAreaId: settings.mainAreaId,
  areas: settings.areas.map((area) => `${area.id} ${area.fee ?? "on request"}`).join(", "),
  fallback: settings.fallback,
  tiers: settings.tiers,
  floorFee: settings.floorFee,
  installation: settings.installation,
  defaultSizesCm: settings.defaultSizesCm,
});

export function createDeliveryActions(parts: WriteParts & { cache: CatalogCache }) {
  const { db, cache } = parts;
  const prices = () => cachedDeliveryPrices(db, cache);

  /** The caller's cart lines, as delivery sizes them; none for a caller without a cart. */
  async function cartLines(request: FastifyRequest): Promise<PieceLine[]> {
    const viewer = (await request.signedIn())?.viewer ?? null;
    if (viewer?.isAdmin) return [];
    const { owner } = await resolveListOwner(
      db,
      { account: viewer && { id: viewer._id, isAdmin: false }, guestKey: request.cookies[GUEST_COOKIE] },
      "read",
    );
    const lines = owner ? await getCart(db, owner) : [];
    return lines.map((line) => ({ itemType: line.itemType, itemId: line.item, quantity: line.quantity }));
  }

  const withArea = async (choice: DeliveryChoice): Promise<ChosenDelivery> => {
    const area = findArea(choice.areaId);
    return { ...choice, area: area && pricedArea(await prices(), area) };
  };

  return (request: FastifyRequest, reply?: FastifyReply) =>
    ({
      async settings() {
        await staffMember(request, "delivery.read");
        return deliverySettingsAnswer(await readDeliveryPrices(db));
      },

      async updateSettings(body: unknown) {
        const by = await staffMember(request, "settings.write");
        const update = readBody(DeliverySettingsSchema, body);
        const { after } = await journaled(
          parts,
          by,
          async (p) => {
            const before = deliverySettingsAnswer(await readDeliveryPrices(p.db));
            const after = deliverySettingsAnswer(await saveDeliveryPrices(p.db, update));
            // The database announces the change a moment after the commit; the writer's own
            // next read (the page it goes back to, a quote) must already see it.
            p.cache.invalidate();
            return { before, after };
          },
          ({ before, after }) => ({
            area: "settings",
            item: "delivery",
            itemLabel: "Delivery prices",
            action: "Delivery prices changed",
            changes: changesBetween(journalFields(before), journalFields(after)),
          }),
        );
        return after;
      },

      async allAreas(state?: string) {
        await staffMember(request, "delivery.read");
        return listAllAreas(state);
      },

      async areas(search?: string) {
        return listPricedAreas(await prices(), search);
      },

      async choice() {
        const choice = await rememberedChoice(db, request);
        return choice && withArea(choice);
      },

      async choose(body: unknown) {
        const current = await rememberedChoice(db, request);
        const sent = (body ?? {}) as Record<string, unknown>;
        const choice = readBody(DeliveryChoiceSchema, { ...current, ...sent });
        if (!findArea(choice.areaId)) throw refuseField("areaId", DELIVERY_MESSAGES.area);
        choices.set(request, Promise.resolve(choice));
        reply?.setPrivateCookie(
          DELIVERY_COOKIE,
          cookieValue(choice),
          guestCookieMaxAge(request.cookies[CONSENT_COOKIE]),
        );
        const viewer = (await request.signedIn())?.viewer;
        if (viewer && !viewer.isAdmin) {
          await db.update(users).set({ deliveryChoice: choice }).where(eq(users.id, viewer._id));
        }
        return withArea(choice);
      },

      async quote(body: unknown): Promise<DeliveryQuote> {
        const asked = readBody(DeliveryQuoteRequestSchema, body);
        const lines = asked.lines ?? (await cartLines(request));
        return quoteAnswer(await quoteLines(db, await prices(), asked, lines));
      },

      async mainAreaShipping(lines: PieceLine[]) {
        return mainAreaShipping(db, await prices(), lines);
      },

      async quoteChosen(lines: PieceLine[] | "cart") {
        const choice = await rememberedChoice(db, request);
        if (!choice) return null;
        const pieces = lines === "cart" ? await cartLines(request) : lines;
        return quoteAnswer(await quoteLines(db, await prices(), choice, pieces));
      },
    }) satisfies DeliveryActions & { quote(body: unknown): Promise<DeliveryQuote> };
}
