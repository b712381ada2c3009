import type { ShellSite, Viewer } from "../../domain/load-context";
import { useRootData } from "./root-data";

/** The viewer and the site, loaded once by the root route for every page. */
export function useShell(): { viewer: Viewer | null; site: ShellSite } {
  const data = useRootData();
  if (!data) throw new Error("useShell needs the root loader's data");
  return data;
}
