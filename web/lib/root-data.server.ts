import { data } from "react-router";
import { BACK_OFFICE_SETTINGS, type LoadContext, type ShellSite, type SiteConfig } from "../../domain/load-context";
import { readDataSaver } from "./data-saver.server";
import { takeFlash } from "./page-actions.server";

/**
 * The root route's loader (web/root.tsx exports it as its own): what every page's shell
 * needs — who is signed in, the shop's settings, the lists' summary, the flash, whether
 * to ask about cookies, Data saver. Here rather than in root.tsx so that the typed hook
 * every layer reads it with (root-data.ts) takes its type from below the routes.
 */
export async function loadRootData({ request, context }: { request: Request; context: LoadContext }) {
  const [{ flash, headers }, lists] = await Promise.all([takeFlash(request), context.lists.readSummary()]);
  // The cookie question is for signed-out visitors who have not answered it yet.
  // Not on the offline page, which is kept for every visitor and shown with no connection to answer.
  const askCookies =
    context.viewer === null && context.lists.consent() === null && new URL(request.url).pathname !== "/offline";
  return data(
    {
      viewer: context.viewer,
      site: shellSite(context.site),
      flash,
      lists,
      askCookies,
      dataSaver: readDataSaver(request),
    },
    headers ? { headers } : undefined,
  );
}

/** The site less the settings only the back office reads: every page carries this much less. */
function shellSite(site: SiteConfig): ShellSite {
  const shell: Partial<SiteConfig> = { ...site };
  for (const key of BACK_OFFICE_SETTINGS) delete shell[key];
  return shell as ShellSite;
}
