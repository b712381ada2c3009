/**
 * One list (the cart or the wishlist) kept in step between the page, the browser's storage
 * and the server, by SPEC.md §4:
 * - "server" mode (a signed-in customer, or a guest who accepted cookies): the server copy
 *   is used and mirrored in storage;
 * - "local" mode (a guest without cookies): the stored copy, after removing items that no
 *   longer exist;
 * - "off" (admins, and before the browser is known): nothing.
 * A change shows at once, then goes to the server, whose answer becomes the copy shown.
 * Calls go one at a time, in order, so answers never overtake each other; a failed change
 * is dropped, which leaves exactly the lines there were before it.
 */
import toast from "react-hot-toast";
import { create } from "zustand";
import { api, ApiError } from "../lib/api-client";
import { useConsent } from "./consent/consent-store";
import { itemIdsOf, keepExisting, linesMissingFrom, validLines, type ListLine } from "./list-lines";
import { readList, writeList, type ListKeys } from "./list-storage";
import { refreshLiveConnection } from "./live/use-live-connection";

export type ListMode = "server" | "local" | "off";

export interface ListState<L> {
  /** False until the first load is done: counts and pages wait for it. */
  ready: boolean;
  mode: ListMode;
  lines: L[];
}

export interface ListConfig<L> {
  path: "/cart" | "/wishlist";
  keys: ListKeys;
  /** Cart lines carry a quantity; stored lines without a valid one are dropped. */
  withQuantity: boolean;
  texts: { loadFailed: string; verifyFailed: string; vanished: string };
  /** The add call's body that puts a stored line on the server. */
  addBody(line: L): Record<string, unknown>;
}

export interface ListChange<L> {
  apply(lines: L[]): L[];
  /** The server call; its answer is the new server copy. */
  send(): Promise<{ items: L[]; message?: string }>;
  /** Says it is done (with the server's notice, if it gave one). */
  done?(message?: string): void;
  failed: string;
}

export interface StartOptions {
  /** Send the lines kept in the browser that the server lacks (cookies just accepted, a guest signing in). */
  pushLocal?: boolean;
  /** Forget the stored copy first (the account that owned it signed out). */
  forget?: boolean;
  /** A guest's first line creates their server list and cookie: the live connection must learn it. */
  guest?: boolean;
}

/** The server's own words for a refusal it explains (gone, sold); the fallback for everything else. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;
}

/** The request of a PUT change call. */
export const put = (body: Record<string, unknown>) => ({ method: "PUT", body });
const noop = () => undefined;

export function createSyncedList<L extends ListLine>(config: ListConfig<L>) {
  const store = create<ListState<L>>()(() => ({ ready: false, mode: "off", lines: [] }));
  /** The last copy the server (or, in local mode, the browser) confirmed. */
  let confirmed: L[] = [];
  /** Changes shown but not yet confirmed, in order. */
  let pending: Array<(lines: L[]) => L[]> = [];
  /** Bumped by every start: work begun for an earlier owner or mode is dropped. */
  let generation = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let reloadQueued = false;
  let guest = false;

  const choice = () => useConsent.getState().choice;
  const fetchServer = () => api<{ items: L[] }>(config.path).then((answer) => answer.items);

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task);
    queue = run.then(noop, noop);
    return run;
  }

  function show() {
    const lines = pending.reduce((acc, apply) => apply(acc), confirmed);
    store.setState({ lines });
    writeList(config.keys, choice(), lines);
  }

  async function withoutVanished(lines: L[]): Promise<L[]> {
    if (lines.length === 0) return lines;
    try {
      const existing = await api<{ existingProductIds: string[]; existingCollectionIds: string[] }>(
        "/cart/check-existence",
        { method: "POST", body: itemIdsOf(lines) },
      );
      const kept = keepExisting(lines, existing);
      if (kept.length < lines.length) toast(config.texts.vanished);
      return kept;
    } catch {
      toast.error(config.texts.verifyFailed);
      return lines;
    }
  }

  async function withLocalPushed(local: L[], server: L[]): Promise<L[]> {
    let lines = server;
    for (const line of linesMissingFrom(local, server)) {
      try {
        lines = (await api<{ items: L[] }>(`${config.path}/add`, put(config.addBody(line)))).items;
      } catch (error) {
        // An item gone or sold since is left out; losing the connection is a failed load.
        if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) throw error;
      }
    }
    if (guest && server.length === 0 && lines.length > 0) refreshLiveConnection();
    return lines;
  }

  /** (Re)loads the list for this mode; called when the viewer or the cookie choice changes. */
  function start(mode: ListMode, options: StartOptions = {}): Promise<void> {
    const run = ++generation;
    pending = [];
    reloadQueued = false;
    guest = options.guest ?? false;
    if (options.forget) writeList(config.keys, choice(), []);
    if (mode === "off") {
      confirmed = [];
      store.setState({ mode, ready: false, lines: [] });
      return Promise.resolve();
    }
    const local = validLines<L>(readList<unknown>(config.keys, choice()), config.withQuantity);
    confirmed = local;
    store.setState({ mode, lines: local });
    return enqueue(async () => {
      if (run !== generation) return;
      let lines: L[];
      if (mode === "local") lines = await withoutVanished(local);
      else {
        try {
          lines = await fetchServer();
          if (options.pushLocal) lines = await withLocalPushed(local, lines);
        } catch {
          toast.error(config.texts.loadFailed);
          lines = local;
        }
      }
      if (run !== generation) return;
      confirmed = lines;
      store.setState({ ready: true });
      show();
    });
  }

  /** Fetches the server copy again (another tab or device changed it). */
  function reload() {
    if (store.getState().mode !== "server" || reloadQueued) return;
    reloadQueued = true;
    const run = generation;
    void enqueue(async () => {
      reloadQueued = false;
      if (run !== generation) return;
      try {
        const items = await fetchServer();
        if (run !== generation) return;
        confirmed = items;
        show();
      } catch {
        // Offline for now: the next change or event brings the list back in step.
      }
    });
  }

  /** Shows the change at once, then makes it; resolves to whether it was made. */
  function change(update: ListChange<L>): Promise<boolean> {
    const mode = store.getState().mode;
    if (mode === "off") return Promise.resolve(false);
    const run = generation;
    const apply = (lines: L[]) => update.apply(lines);
    pending.push(apply);
    show();
    const settle = (lines?: L[]) => {
      pending = pending.filter((p) => p !== apply);
      if (lines) confirmed = lines;
      show();
    };
    return enqueue(async () => {
      if (run !== generation) return false;
      if (mode === "local") {
        settle(apply(confirmed));
        update.done?.();
        return true;
      }
      const wasEmpty = confirmed.length === 0;
      try {
        const answer = await update.send();
        if (run !== generation) return false;
        settle(answer.items);
        update.done?.(answer.message);
        if (guest && wasEmpty && answer.items.length > 0) refreshLiveConnection();
        return true;
      } catch (error) {
        if (run !== generation) return false;
        settle();
        toast.error(failureText(error, update.failed));
        // The server knows better (the line went, the item sold): show its copy.
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) reload();
        return false;
      }
    });
  }

  /** Saves the lines again where the current cookie choice allows. */
  function persist() {
    if (store.getState().mode !== "off") writeList(config.keys, choice(), store.getState().lines);
  }

  return { store, start, reload, change, persist };
}
