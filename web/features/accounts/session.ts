/**
 * What the browser does when the signed-in person changes (sign-up, login, logout,
 * password reset, account deletion, a profile edit). The root loader knows the viewer
 * from the session cookie, so it runs again before the next screen shows: the header,
 * bottom bar and cookie banner switch without a page reload.
 */
import { useCallback } from "react";
import toast from "react-hot-toast";
import { useNavigate, useRevalidator } from "react-router";
import type { Viewer } from "../../../domain/load-context";
import { api, ApiError } from "../../lib/api-client";

/** Reloads the root's viewer, then (if given) goes to `to`. */
export function useViewerChanged() {
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  return useCallback(
    async (to?: string) => {
      await revalidate();
      if (to !== undefined) await navigate(to, { replace: true });
    },
    [revalidate, navigate],
  );
}

/** Logs out (admins through the admin route), says so, and goes home. */
export function useLogout(viewer: Viewer | null) {
  const viewerChanged = useViewerChanged();
  const isAdmin = viewer?.isAdmin ?? false;
  return useCallback(async () => {
    try {
      await api(isAdmin ? "/admin/logout" : "/auth/logout", { method: "POST" });
    } catch (error) {
      // Already signed out elsewhere: the goal is reached, so only other failures show.
      if (!(error instanceof ApiError && error.status === 401)) {
        toast.error(error instanceof ApiError ? error.message : "Could not log out. Please try again.");
        return;
      }
    }
    toast.success("Logged out successfully");
    await viewerChanged("/");
  }, [isAdmin, viewerChanged]);
}
