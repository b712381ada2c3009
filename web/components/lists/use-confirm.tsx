import { lazy, Suspense, useCallback, useRef, useState, type RefObject } from "react";

export interface ConfirmRequest {
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
}

export interface ConfirmPanelProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  request: ConfirmRequest;
  returnFocusTo: RefObject<HTMLElement | null>;
  fallbackFocus: RefObject<HTMLElement | null>;
}

const loadPanel = () => import("./confirm-panel");
const ConfirmPanel = lazy(loadPanel);

/** Starts fetching the dialog's code (Radix) before it is needed: on hover or focus of a button that may ask. */
export const preloadConfirm = () => void loadPanel();

/**
 * One confirmation dialog for a page, asked by any of its buttons. Its code loads the
 * first time a shopper reaches for such a button, not with the page. `fallbackFocus`
 * takes the focus when the button that asked is gone (its line was removed).
 */
export function useConfirm(fallbackFocus: RefObject<HTMLElement | null>) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [open, setOpen] = useState(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const ask = useCallback((next: ConfirmRequest, from: HTMLElement) => {
    returnFocusTo.current = from;
    setRequest(next);
    setOpen(true);
  }, []);
  const dialog = request ? (
    <Suspense fallback={null}>
      <ConfirmPanel
        open={open}
        onOpenChange={setOpen}
        request={request}
        returnFocusTo={returnFocusTo}
        fallbackFocus={fallbackFocus}
      />
    </Suspense>
  ) : null;
  return { ask, dialog };
}
