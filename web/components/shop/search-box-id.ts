/**
 * The shop's search box's element id, in a file of its own so that the header (on every
 * page) can focus the box without shipping the box's code.
 */
export const SEARCH_BOX_ID = "catalog-search";
