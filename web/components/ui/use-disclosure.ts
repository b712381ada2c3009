import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * The shop's menus and panels are `<details>` elements: the browser opens and closes
 * them, so they work before the page's JavaScript has arrived (or without it), and a tap
 * in those seconds is honoured at once rather than replayed later. React never renders
 * their `open` attribute, so hydration keeps whatever the shopper opened.
 *
 * Once hydrated this adds what a script can: Escape closes (focus back on the toggle),
 * a link followed inside closes it, and so does any navigation; a `modal` panel keeps
 * Tab inside itself and stops the page behind from scrolling; a non-modal one closes
 * when the shopper presses elsewhere.
 */
export function useDisclosure({ modal = false }: { modal?: boolean } = {}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  const seenKey = useRef(key);

  useEffect(() => {
    // Not on the first render: a panel opened before hydration stays open.
    if (seenKey.current === key) return;
    seenKey.current = key;
    if (ref.current) ref.current.open = false;
  }, [key]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const summary = details.querySelector("summary");
    const root = document.documentElement;
    const lockScroll = () => {
      if (modal) root.style.overflow = details.open ? "hidden" : "";
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!details.open) return;
      if (event.key === "Escape") {
        event.preventDefault();
        details.open = false;
        summary?.focus();
      } else if (modal && event.key === "Tab") {
        keepTabInside(event, details);
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!modal && details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest?.("a[href]")) details.open = false;
    };
    lockScroll();
    details.addEventListener("toggle", lockScroll);
    details.addEventListener("click", onClick);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      details.removeEventListener("toggle", lockScroll);
      details.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      if (modal && details.open) root.style.overflow = "";
    };
  }, [modal]);

  return ref;
}

const FOCUSABLE =
  "summary, a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select, textarea, [tabindex]:not([tabindex='-1'])";

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function keepTabInside(event: KeyboardEvent, container: HTMLElement) {
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.getClientRects().length > 0 &&
      !(element instanceof HTMLInputElement && element.type === "radio" && !element.checked),
  );
  const [first, last] = [focusable[0], focusable[focusable.length - 1]];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal panel's toggle: while open, its `::before` covers the page as the backdrop,
 * and a tap on the backdrop is a tap on the toggle — it closes, with or without JavaScript.
 */
export const BACKDROP_TOGGLE =
  "group-open/panel:before:fixed group-open/panel:before:inset-0 group-open/panel:before:z-50 group-open/panel:before:bg-ink/40 group-open/panel:before:content-['']";
