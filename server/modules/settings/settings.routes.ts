/**
 * GET and PUT /api/admin/operations/settings, inside the staff scope, through the settings' door: the shop's
 * settings, and a save of any subset of them (docs/product.md, Shop settings). PUT
 * answers the settings as saved, or 400 naming the field at fault. Beside them, the mail
 * server (settings/email) and its test e-mail, the Owner's.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refusals } from "../../../domain/api-errors.schema";
import { MAX_NEW_IMAGES } from "../../../domain/catalog/input-fields";
import { ShopSettingsSchema, ShopSettingsUpdateSchema } from "../../../domain/settings/shop-settings.schema";
import { imagesBodyLimit } from "../media/image-uploads.service";
import {
  MailSettingsSchema,
  MailSettingsUpdateSchema,
  MailTestSentSchema,
} from "../../../domain/settings/mail-settings.schema";
import type { createSettingsActions } from "./settings.actions";

export async function settingsRoutes(
  app: FastifyInstance,
  { settings }: { settings: ReturnType<typeof createSettingsActions> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/settings",
    {
      config: { access: "settings.read" },
      schema: { summary: "Get the shop settings", response: { 200: ShopSettingsSchema, ...refusals(401, 403) } },
    },
    async (request) => settings(request).get(),
  );

  api.put(
    "/settings",
    {
      // As many new pictures as a product save may send (the schema counts hero and cover together).
      bodyLimit: imagesBodyLimit(MAX_NEW_IMAGES),
      config: { access: "settings.write" },
      schema: {
        summary: "Update the shop settings",
        body: ShopSettingsUpdateSchema,
        response: { 200: ShopSettingsSchema, ...refusals(400, 401, 403, 413) },
      },
    },
    async (request) => settings(request).update(request.body),
  );

  api.get(
    "/settings/email",
    {
      config: { access: "settings.write" },
      schema: {
        summary: "Get the mail server",
        description: "The server the shop sends e-mail through; never its password, only whether one is kept.",
        response: { 200: MailSettingsSchema, ...refusals(401, 403) },
      },
    },
    async (request) => settings(request).mail(),
  );

  api.put(
    "/settings/email",
    {
      config: { access: "settings.write" },
      schema: {
        summary: "Set the mail server",
        description:
          "A blank password keeps the one kept; `server: null` sends as the server's SMTP_URL says again. Every instance sends through it at once.",
        body: MailSettingsUpdateSchema,
        response: { 200: MailSettingsSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => settings(request).updateMail(request.body),
  );

  api.post(
    "/settings/email/test",
    {
      config: { access: "settings.write" },
      schema: {
        summary: "Send a test e-mail",
        description: "To the signed-in owner, through the mail server in force; 400 or 503 saying what went wrong.",
        response: { 200: MailTestSentSchema, ...refusals(400, 401, 403, 503) },
      },
    },
    async (request) => settings(request).sendTestMail(),
  );
}
