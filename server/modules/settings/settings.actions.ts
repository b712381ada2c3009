/**
 * The settings' door (server/door.ts): every member of staff reads them (`settings.read`),
 * only the Owner changes them (`settings.write`); a change is journaled with each field
 * before → after (pictures as "changed", never their ids).
 */
import type { FastifyRequest } from "fastify";
import type { ShopSettings } from "../../../domain/settings/shop-settings.schema";
import { ShopSettingsUpdateSchema } from "../../../domain/settings/shop-settings.schema";
import { changesBetween, journaled, staffMember, type WriteParts } from "../../door";
import { readBody } from "../catalog/admin-writes";
import type { ShopSettingsStore } from "./settings.service";

/** The settings as the journal compares them; the pictures only say that they changed. */
const PICTURES = ["heroImages", "ecatalogImage"];

export function createSettingsActions(parts: WriteParts & { settings: ShopSettingsStore }) {
  const { settings } = parts;
  return (request: FastifyRequest) => ({
    async get(): Promise<ShopSettings> {
      await staffMember(request, "settings.read");
      return settings.read();
    },
    async update(body: unknown): Promise<ShopSettings> {
      const by = await staffMember(request, "settings.write");
      const update = readBody(ShopSettingsUpdateSchema, body);
      const { after } = await journaled(
        parts,
        by,
        async (p) => ({ before: await settings.read(p.db), after: await settings.update(update, p) }),
        ({ before, after }) => ({
          area: "settings",
          item: "settings",
          itemLabel: "Shop settings",
          action: "Settings changed",
          changes: changesBetween(before, after, PICTURES),
        }),
      );
      return after;
    },
  });
}
