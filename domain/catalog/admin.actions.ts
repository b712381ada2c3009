/**
 * What the admin panel's loaders and actions may do, in process, for the request at hand.
 * Every call checks, on the server, that an admin is signed in.
 */
export type AdminActions = Record<never, never>;
