import { useRouteLoaderData } from "react-router";
import type { SiteConfig, Viewer } from "../../domain/load-context";

/** The viewer and the site, loaded once by the root route for every page. */
export function useShell(): { viewer: Viewer | null; site: SiteConfig } {
  const data = useRouteLoaderData("root") as { viewer: Viewer | null; site: SiteConfig } | undefined;
  if (!data) throw new Error("useShell needs the root loader's data");
  return data;
}
