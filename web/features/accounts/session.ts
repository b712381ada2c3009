/**
 * Logout for the places that cannot hold the LogoutButton's form (a menu item that also
 * closes its drawer): the same post to the logout route, made by the page's scripts.
 */
import { useCallback } from "react";
import { useSubmit } from "react-router";
import { LOGOUT_PATH } from "../../components/shell/logout-button";

/** Logs out, says so, and goes home. The argument is no longer needed (any viewer posts to the same route). */
export function useLogout(..._unused: unknown[]) {
  const submit = useSubmit();
  return useCallback(() => submit(null, { method: "post", action: LOGOUT_PATH }), [submit]);
}
