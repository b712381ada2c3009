/**
 * The gesture sizes the gallery and the full-screen picture viewer share. Their own
 * module, so the viewer (loaded on demand by the gallery) does not import the gallery back.
 */

/** A horizontal swipe of at least this many pixels turns the page (docs/product.md, Pages and previews). */
export const SWIPE_THRESHOLD = 50;
/** A press that moves less than this many pixels is a tap, not a drag. */
export const TAP_SLOP = 10;
