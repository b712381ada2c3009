/**
 * At start in production, one plain warning line per item of the setup checklist still
 * open (docs/product.md, Setup checklist), so whoever runs the shop sees in its log what
 * the owner sees on the dashboard.
 */
import { setupChecklist, type SetupFacts, type SetupItemId } from "../../domain/setup/setup-checklist";
import type { Database } from "../db/client";
import { countDemoCatalogue } from "../modules/setup/demo-catalogue.service";

/** Where the log's reader acts, when the fix does not say (it is written for the dashboard). */
const WHERE: Partial<Record<SetupItemId, string>> = {
  "demo-catalogue": "Remove demo catalogue on the admin dashboard, or npm run demo -- --remove.",
  "email-unconfirmed": "Resend the link in the admin panel's Settings.",
  mail: "In the admin panel, or set SMTP_URL and restart.",
};

export interface StartFacts {
  /** The owner's settings as stored, read when the warnings are written: which still hold a demo value. */
  settings: () => SetupFacts["settings"] | Promise<SetupFacts["settings"]>;
  publicUrl: string;
  mailGoesToFiles: boolean;
}

export async function warnOfUnfinishedSetup(
  db: Database,
  log: { warn(message: string): void },
  facts: StartFacts,
): Promise<void> {
  const [settings, demoCatalogue] = await Promise.all([facts.settings(), countDemoCatalogue(db)]);
  const items = setupChecklist({
    settings,
    publicUrl: facts.publicUrl,
    mailGoesToFiles: facts.mailGoesToFiles,
    demoCatalogue,
  });
  for (const item of items) log.warn(["Setup:", `${item.title}.`, item.fix, WHERE[item.id]].filter(Boolean).join(" "));
}
