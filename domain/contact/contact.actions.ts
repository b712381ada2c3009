/** What a page's action may do with contact messages, in process, for the request at hand. */
export type ContactActions = Record<never, never>;
