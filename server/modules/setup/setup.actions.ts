/**
 * The shop set-up's door (server/door.ts): the dashboard's checklist reads with
 * `dashboard.read`; removing the demo catalogue is the Owner's (`setup.write`) and is
 * journaled with how many items went.
 */
import type { FastifyRequest } from "fastify";
import type { SetupActions } from "../../../domain/setup/setup.actions";
import { journaled, staffMember, type WriteParts } from "../../door";
import type { Mailer } from "../mail/mailer";
import { countDemoCatalogue, removeDemoCatalogue } from "./demo-catalogue.service";

export function createSetupActions(parts: WriteParts & { mailer: Pick<Mailer, "delivery"> }) {
  const { db, mailer } = parts;
  return (request: FastifyRequest): SetupActions => ({
    async getStatus() {
      await staffMember(request, "dashboard.read");
      return { mailGoesToFiles: (await mailer.delivery()) === "files", demoCatalogue: await countDemoCatalogue(db) };
    },
    async removeDemoCatalogue() {
      const by = await staffMember(request, "setup.write");
      return journaled(
        parts,
        by,
        (p) => removeDemoCatalogue(p),
        (removed) => ({
          area: "catalogue",
          item: "demo",
          itemLabel: "Demo catalogue",
          action: "Demo catalogue removed",
          changes: Object.entries(removed).map(([field, count]) => ({
            field,
            before: String(count),
            after: "0",
          })),
        }),
      );
    },
  });
}
