/**
 * The Settings page's reads and writes: the functions the settings API calls, bound to
 * one request, each first checking that an admin is signed in, as the API's admin scope does.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SettingsActions } from "../../../domain/settings/settings.actions";
import { ShopSettingsUpdateSchema } from "../../../domain/settings/shop-settings.schema";
import type { ActionDeps } from "../../load-context";
import { requireAdmin } from "../../plugins/session";
import { readBody } from "../catalog/admin-writes";

export function createSettingsActions({ settings }: Pick<ActionDeps, "settings">) {
  return (request: FastifyRequest, _reply: FastifyReply): SettingsActions => ({
    async get() {
      await requireAdmin(request);
      return settings.read();
    },
    async update(body) {
      await requireAdmin(request);
      return settings.update(readBody(ShopSettingsUpdateSchema, body));
    },
  });
}
