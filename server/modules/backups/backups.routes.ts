/**
 * The kept backups, for the Owner to see and download, and when the shop takes them, inside
 * the staff scope, through the backups' door. A download is looked up by a backup's name only (backup-files.ts), so no name
 * reaches outside BACKUP_DIR.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refusals } from "../../../domain/api-errors.schema";
import {
  BackupArchiveSchema,
  BackupListSchema,
  BackupParamsSchema,
  BackupStartedSchema,
} from "../../../domain/backups/backups.schema";
import { BackupPlanUpdateSchema } from "../../../domain/backups/backup-schedule";
import type { createBackupActions } from "./backups.actions";

export async function backupsRoutes(
  app: FastifyInstance,
  { backups }: { backups: ReturnType<typeof createBackupActions> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/backups",
    {
      config: { access: "backups.manage" },
      schema: { summary: "List backups", response: { 200: BackupListSchema, ...refusals(401, 403) } },
    },
    async (request) => backups(request).list(),
  );
  api.post(
    "/backups",
    {
      config: { access: "backups.manage" },
      schema: {
        summary: "Start a backup now",
        description: "Answers at once; the backup is listed once whole. 409 while one is being taken.",
        response: { 202: BackupStartedSchema, ...refusals(401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(202).send(await backups(request).start()),
  );
  api.put(
    "/backups/schedule",
    {
      config: { access: "backups.manage" },
      schema: {
        summary: "Set the backup schedule",
        description:
          "When the shop takes its own backups (off, every so many minutes, or daily at a Lagos time) and how many it keeps; every instance follows at once. Answers the list as it now stands.",
        body: BackupPlanUpdateSchema,
        response: { 200: BackupListSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => backups(request).saveSchedule(request.body),
  );
  api.get(
    "/backups/:name",
    {
      config: { access: "backups.manage" },
      schema: {
        summary: "Download a backup",
        params: BackupParamsSchema,
        response: {
          200: { content: { "application/gzip": { schema: BackupArchiveSchema } } },
          ...refusals(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const backup = await backups(request).open(name);
      if (!backup) return reply.status(404).send({ message: "There is no backup of that name." });
      // The schema describes the bytes; the file itself is streamed as it is.
      const raw: FastifyReply = reply;
      return raw
        .header("content-type", "application/gzip")
        .header("content-length", backup.size)
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(backup.handle.createReadStream());
    },
  );
}
