import { useLocation } from "react-router";

/**
 * Where a post made without scripts comes back to (the page as the shopper sees it, with
 * its filters and pages): the server answers such a post with a 303 to this path.
 */
export function BackField({ hash }: { hash?: string }) {
  const location = useLocation();
  return <input type="hidden" name="back" value={`${location.pathname}${location.search}${hash ? `#${hash}` : ""}`} />;
}
