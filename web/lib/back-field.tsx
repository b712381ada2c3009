import { useLocation } from "react-router";
import { CONFIRM_PARAM } from "./confirm-param";

/**
 * Where a post made without scripts comes back to (the page as the shopper sees it, with
 * its filters and pages): the server answers such a post with a 303 to this path. A
 * question the post answered (`?confirm=`) is not asked again there.
 */
export function BackField({ hash }: { hash?: string | undefined }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete(CONFIRM_PARAM);
  // Kept as written unless a question is to be dropped (re-encoding would change it).
  const search = !new URLSearchParams(location.search).has(CONFIRM_PARAM)
    ? location.search
    : params.size
      ? `?${params}`
      : "";
  // A path that starts with "//" would name another host: it is this site's path "/…".
  const path = location.pathname.replace(/^[/\\]+/, "/");
  return <input type="hidden" name="back" value={`${path}${search}${hash ? `#${hash}` : ""}`} />;
}
