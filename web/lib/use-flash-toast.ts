import { useEffect } from "react";
import toast from "react-hot-toast";
import type { Flash } from "./flash";

/** Shows as a toast the message an action answered a fetcher with (see page-actions.server.ts). */
export function useFlashToast(answer: { flash?: Flash } | undefined) {
  const flash = answer?.flash;
  useEffect(() => {
    if (!flash) return;
    if (flash.kind === "success") toast.success(flash.message);
    else if (flash.kind === "error") toast.error(flash.message);
    else toast(flash.message);
  }, [flash]);
}
