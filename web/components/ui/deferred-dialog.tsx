import { Suspense, useRef, useState, type ComponentType, type LazyExoticComponent, type RefObject } from "react";

/** What a deferred dialog's panel receives: it is always controlled. */
export interface DeferredPanelProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where focus goes back to when the panel closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * A dialog whose code (Radix and the panel itself) loads the first time a visitor
 * reaches for it — hovering or focusing the button starts the download — instead of
 * with every page. Shoppers on slow data pay only for what they open.
 */
export function useDeferredDialog(
  Panel: LazyExoticComponent<ComponentType<DeferredPanelProps>>,
  preload: () => unknown,
) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return {
    triggerProps: {
      ref: trigger,
      type: "button" as const,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      onClick: () => {
        setWanted(true);
        setOpen(true);
      },
      onPointerEnter: () => void preload(),
      onFocus: () => void preload(),
    },
    panel: wanted ? (
      <Suspense fallback={null}>
        <Panel open={open} onOpenChange={setOpen} returnFocusTo={trigger} />
      </Suspense>
    ) : null,
  };
}
