/**
 * What the admin dashboard's loader and action may do about the shop's setup, in process,
 * for the request at hand. Every call checks, on the server, that an admin is signed in
 * (401 for a guest, 403 for a customer, as the API answers).
 */
import type { DemoCatalogueCounts } from "./demo-catalogue.schema";

/** What the setup checklist needs besides the site's configuration (`context.site`). */
export interface SetupStatus {
  /** No SMTP_URL: outgoing mail is written to files on the server instead of being sent. */
  mailGoesToFiles: boolean;
  /** What is left of the demo catalogue. */
  demoCatalogue: DemoCatalogueCounts;
}

export interface SetupActions {
  getStatus(): Promise<SetupStatus>;
  /** Removes what is left of the demo catalogue; answers what went (all zero when nothing was left). */
  removeDemoCatalogue(): Promise<DemoCatalogueCounts>;
}
