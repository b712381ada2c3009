import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CartLine } from "../../domain/shopping-lists";
import { api, ApiError } from "../lib/api-client";
import { useConsent } from "./consent/consent-store";
import { addCartLine, removeLine } from "./list-lines";
import { CART_KEYS } from "./list-storage";
import { refreshLiveConnection } from "./live/use-live-connection";
import { createSyncedList, put, type ListChange } from "./synced-list";

vi.mock(import("../lib/api-client"), async (original) => ({ ...(await original()), api: vi.fn() }));
vi.mock(import("./live/use-live-connection"), () => ({ refreshLiveConnection: vi.fn(), onLiveEvent: vi.fn() }));
const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock("react-hot-toast", () => ({ default: toast }));

const apiMock = vi.mocked(api);

/** A Storage kept in a Map: the browser's localStorage and sessionStorage. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

/** A promise settled from outside, to hold a server call open. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const line = (item: string, quantity = 1, _id = `s-${item}`): CartLine => ({
  _id,
  item,
  itemType: "Product",
  quantity,
});

const texts = { loadFailed: "load failed", verifyFailed: "verify failed", vanished: "vanished" };

function newList() {
  return createSyncedList<CartLine>({
    path: "/cart",
    keys: CART_KEYS,
    withQuantity: true,
    texts,
    addBody: (l) => ({ itemId: l.item, itemType: l.itemType, quantity: l.quantity }),
  });
}

const addChange = (item: string, send: ListChange<CartLine>["send"]): ListChange<CartLine> => ({
  apply: (lines) => addCartLine(lines, item, "Product", 1),
  send,
  done: () => toast.success("added"),
  failed: "Failed to add item to cart.",
});

let local: Storage;
let session: Storage;
const stored = (storage: Storage, key: string) => JSON.parse(storage.getItem(key) ?? "null") as unknown;

beforeEach(() => {
  local = memoryStorage();
  session = memoryStorage();
  vi.stubGlobal("window", { localStorage: local, sessionStorage: session });
  useConsent.setState({ ready: true, choice: "declined" });
  apiMock.mockReset();
  toast.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
  vi.mocked(refreshLiveConnection).mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("local mode (a guest without cookies)", () => {
  it("shows the stored lines once verified, dropping vanished items with a notice", async () => {
    session.setItem("sessionCart", JSON.stringify([line("p1"), line("p2", 3), { broken: true }]));
    apiMock.mockResolvedValueOnce({ existingProductIds: ["p2"], existingCollectionIds: [] });
    const list = newList();
    const started = list.start("local");
    expect(list.store.getState().ready).toBe(false);
    await started;
    expect(apiMock).toHaveBeenCalledWith("/cart/check-existence", {
      method: "POST",
      body: { productIds: ["p1", "p2"], collectionIds: [] },
    });
    expect(list.store.getState()).toMatchObject({ ready: true, mode: "local", lines: [line("p2", 3)] });
    expect(toast).toHaveBeenCalledWith("vanished");
    expect(stored(session, "sessionCart")).toEqual([line("p2", 3)]);
  });

  it("shows the lines as they are when they cannot be verified", async () => {
    session.setItem("sessionCart", JSON.stringify([line("p1")]));
    apiMock.mockRejectedValueOnce(new ApiError("offline", 0));
    const list = newList();
    await list.start("local");
    expect(list.store.getState().lines).toEqual([line("p1")]);
    expect(toast.error).toHaveBeenCalledWith("verify failed");
  });

  it("makes changes in the browser only: sessionStorage without consent, localStorage with it", async () => {
    const list = newList();
    await list.start("local");
    expect(await list.change(addChange("p1", () => Promise.reject(new Error("never sent"))))).toBe(true);
    expect(list.store.getState().lines).toEqual([line("p1", 1, "Product:p1")]);
    expect(stored(session, "sessionCart")).toEqual([line("p1", 1, "Product:p1")]);
    expect(apiMock).not.toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith("added");

    useConsent.setState({ choice: "accepted" });
    list.persist();
    expect(stored(local, "localCart")).toEqual([line("p1", 1, "Product:p1")]);
    expect(session.getItem("sessionCart")).toBeNull();
  });

  it("moves a persistently kept cart to the session when consent is not accepted", async () => {
    local.setItem("localCart", JSON.stringify([line("p1")]));
    apiMock.mockResolvedValueOnce({ existingProductIds: ["p1"], existingCollectionIds: [] });
    const list = newList();
    await list.start("local");
    expect(local.getItem("localCart")).toBeNull();
    expect(stored(session, "sessionCart")).toEqual([line("p1")]);
  });
});

describe("server mode (a signed-in customer, or a guest who accepted cookies)", () => {
  beforeEach(() => useConsent.setState({ choice: "accepted" }));

  it("uses the server copy and mirrors it in storage", async () => {
    local.setItem("localCart", JSON.stringify([line("old")]));
    apiMock.mockResolvedValueOnce({ items: [line("p1", 2)] });
    const list = newList();
    await list.start("server");
    expect(apiMock).toHaveBeenCalledWith("/cart");
    expect(list.store.getState()).toMatchObject({ ready: true, lines: [line("p1", 2)] });
    expect(stored(local, "localCart")).toEqual([line("p1", 2)]);
  });

  it("shows the local version when the server copy fails to load", async () => {
    local.setItem("localCart", JSON.stringify([line("p1")]));
    apiMock.mockRejectedValueOnce(new ApiError("down", 503));
    const list = newList();
    await list.start("server");
    expect(list.store.getState()).toMatchObject({ ready: true, lines: [line("p1")] });
    expect(toast.error).toHaveBeenCalledWith("load failed");
  });

  it("applies a change at once, then takes the server's answer as the copy", async () => {
    apiMock.mockResolvedValueOnce({ items: [line("p1")] });
    const list = newList();
    await list.start("server");
    const answer = deferred<{ items: CartLine[] }>();
    const done = list.change(addChange("p2", () => answer.promise));
    expect(list.store.getState().lines).toEqual([line("p1"), line("p2", 1, "Product:p2")]);
    expect(toast.success).not.toHaveBeenCalled();
    answer.resolve({ items: [line("p1"), line("p2", 1, "server-id")] });
    expect(await done).toBe(true);
    expect(list.store.getState().lines).toEqual([line("p1"), line("p2", 1, "server-id")]);
    expect(toast.success).toHaveBeenCalledWith("added");
  });

  it("restores exactly the previous lines, with the failure toast, when a change fails", async () => {
    const before = [line("p1", 2), line("p3")];
    apiMock.mockResolvedValueOnce({ items: before });
    const list = newList();
    await list.start("server");
    const shown = list.store.getState().lines;
    const result = list.change({
      apply: (lines) => removeLine(lines, "p1", "Product"),
      send: () => Promise.reject(new ApiError("Could not reach the shop.", 0)),
      failed: "Failed to remove item from cart.",
    });
    expect(list.store.getState().lines).toEqual([line("p3")]);
    expect(await result).toBe(false);
    expect(list.store.getState().lines).toEqual(shown);
    expect(stored(local, "localCart")).toEqual(before);
    expect(toast.error).toHaveBeenCalledWith("Failed to remove item from cart.");
  });

  it("shows the server's own reason for a refusal and reloads its copy", async () => {
    apiMock.mockResolvedValueOnce({ items: [] });
    const list = newList();
    await list.start("server");
    apiMock.mockResolvedValueOnce({ items: [] }); // the reload
    const ok = await list.change(
      addChange("p9", () => Promise.reject(new ApiError("This product has been sold.", 409))),
    );
    expect(ok).toBe(false);
    expect(toast.error).toHaveBeenCalledWith("This product has been sold.");
    await vi.waitFor(() => expect(apiMock).toHaveBeenLastCalledWith("/cart"));
  });

  it("sends changes one at a time, in order, and a failed one is dropped from those after it", async () => {
    apiMock.mockResolvedValueOnce({ items: [] });
    const list = newList();
    await list.start("server");
    const first = deferred<{ items: CartLine[] }>();
    const sendSecond = vi.fn(() => Promise.resolve({ items: [line("p2", 1, "id2")] }));
    const one = list.change(addChange("p1", () => first.promise));
    const two = list.change(addChange("p2", sendSecond));
    expect(list.store.getState().lines.map((l) => l.item)).toEqual(["p1", "p2"]);
    await Promise.resolve();
    expect(sendSecond).not.toHaveBeenCalled();
    first.reject(new ApiError("offline", 0));
    expect(await one).toBe(false);
    expect(await two).toBe(true);
    expect(list.store.getState().lines).toEqual([line("p2", 1, "id2")]);
    expect(toast.error).toHaveBeenCalledWith("Failed to add item to cart.");
  });

  it("sends the browser's lines the server lacks when asked (cookies accepted, a guest signing in)", async () => {
    session.setItem("sessionCart", JSON.stringify([line("p1", 2), line("gone"), line("p3")]));
    apiMock.mockImplementation(async (path: string, init?: { body?: unknown }) => {
      if (path === "/cart") return { items: [line("p3", 5)] };
      const { itemId } = init?.body as { itemId: string };
      if (itemId === "gone") throw new ApiError("Product not found.", 404);
      return { items: [line("p3", 5), line("p1", 2)] };
    });
    const list = newList();
    await list.start("server", { pushLocal: true, guest: true });
    expect(apiMock).toHaveBeenCalledWith("/cart/add", put({ itemId: "p1", itemType: "Product", quantity: 2 }));
    expect(apiMock).not.toHaveBeenCalledWith("/cart/add", put({ itemId: "p3", itemType: "Product", quantity: 1 }));
    expect(list.store.getState().lines).toEqual([line("p3", 5), line("p1", 2)]);
    expect(vi.mocked(refreshLiveConnection)).not.toHaveBeenCalled(); // the server already had a list
  });

  it("tells the live connection when a guest's first line creates their server list", async () => {
    apiMock.mockResolvedValueOnce({ items: [] });
    const list = newList();
    await list.start("server", { guest: true });
    await list.change(addChange("p1", () => Promise.resolve({ items: [line("p1")] })));
    expect(vi.mocked(refreshLiveConnection)).toHaveBeenCalledOnce();
  });

  it("reloads the server copy on request, once for a burst of events", async () => {
    apiMock.mockResolvedValueOnce({ items: [] });
    const list = newList();
    await list.start("server");
    apiMock.mockResolvedValue({ items: [line("p7")] });
    list.reload();
    list.reload();
    list.reload();
    await vi.waitFor(() => expect(list.store.getState().lines).toEqual([line("p7")]));
    expect(apiMock).toHaveBeenCalledTimes(2);
  });

  it("drops the answers meant for an earlier owner", async () => {
    apiMock.mockResolvedValueOnce({ items: [] });
    const list = newList();
    await list.start("server");
    const answer = deferred<{ items: CartLine[] }>();
    const pending = list.change(addChange("p1", () => answer.promise));
    apiMock.mockResolvedValueOnce({ items: [line("theirs")] });
    const restarted = list.start("server", { forget: true });
    answer.resolve({ items: [line("p1")] });
    expect(await pending).toBe(false);
    await restarted;
    expect(list.store.getState().lines).toEqual([line("theirs")]);
  });
});

describe("off (admins)", () => {
  it("holds nothing and changes nothing", async () => {
    session.setItem("sessionCart", JSON.stringify([line("p1")]));
    const list = newList();
    await list.start("off");
    expect(list.store.getState()).toMatchObject({ ready: false, lines: [] });
    expect(await list.change(addChange("p2", () => Promise.resolve({ items: [] })))).toBe(false);
    expect(apiMock).not.toHaveBeenCalled();
  });
});
