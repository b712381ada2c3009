/**
 * The list's menus (category, sort): `<details>` of links, so they work before and
 * without JavaScript (see use-disclosure.ts). Wherever the phone's bottom bar shows, a
 * menu rises from the bottom of the screen above it, over a backdrop that closes it when
 * pressed; on wide screens it drops below its toggle.
 */

/** The toggle: a pill as wide as its place in the controls. */
export const MENU_TOGGLE =
  "inline-flex h-10 w-full cursor-pointer list-none items-center gap-1.5 rounded-full border border-line bg-white px-3.5 text-sm lg:h-11 lg:gap-2 lg:px-4 whitespace-nowrap hover:border-ink [&::-webkit-details-marker]:hidden " +
  // The backdrop is the toggle's own `::before`: a press on it is a press on the toggle.
  "max-lg:group-open/panel:before:fixed max-lg:group-open/panel:before:inset-0 max-lg:group-open/panel:before:z-50 max-lg:group-open/panel:before:bg-ink/40 max-lg:group-open/panel:before:content-['']";

/** The menu: a sheet at the foot of the screen, or a drop-down on wide screens. */
export const MENU_PANEL =
  "fixed inset-x-0 bottom-0 z-[60] max-h-[85dvh] overflow-y-auto overscroll-contain rounded-t-3xl bg-white px-3 pt-4 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-xl lg:absolute lg:inset-x-auto lg:top-full lg:bottom-auto lg:mt-2 lg:max-h-[70dvh] lg:w-72 lg:rounded-2xl lg:border lg:border-line lg:p-2";

/** The sheet's title, for a phone (the toggle says what the drop-down is). */
export const MENU_TITLE = "px-3 pb-2 font-serif text-xl lg:hidden";

/** One choice in a menu. */
export const MENU_OPTION =
  "flex min-h-11 w-full items-center justify-between gap-3 rounded-xl px-3 py-2.5 text-left text-sm hover:bg-sand";
