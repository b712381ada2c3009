import { useEffect } from "react";
import type { Flash } from "./flash";
import { showToast } from "./toast";

/** Shows as a toast the message an action answered a fetcher with (see page-actions.server.ts). */
export function useFlashToast(answer: { flash?: Flash } | undefined) {
  const flash = answer?.flash;
  useEffect(() => {
    if (flash) showToast(flash.kind, flash.message);
  }, [flash]);
}
