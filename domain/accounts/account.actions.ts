/**
 * What a page's action may do with accounts, in process, for the request at hand:
 * signing in and out sets and clears the session cookie on the page's own response.
 */
export type AccountActions = Record<never, never>;
