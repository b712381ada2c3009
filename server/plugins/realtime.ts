/**
 * The live connection (socket.io on the app's own HTTP server). Every
 * visitor connects; a signed-in one joins a room for their account and one for their
 * session, found from the same cookie as HTTP requests, so a server event can reach
 * exactly one account's tabs and devices. With REDIS_URL the rooms span every instance.
 *
 * A guest who accepted cookies joins the room of their guest key, which keys their cart.
 *
 * Events: "auth:changed" tells a session's other tabs that it was signed out (logout,
 * password change elsewhere, account deleted), so they show the guest state;
 * "cart:changed" and "wishlist:changed" tell the owner's other tabs to reload the list;
 * "catalog:changed" tells every visitor that the admin saved or deleted an item, with a
 * CatalogChange `{ kind, id, action }` naming it (domain/catalog/catalog.types.ts), or
 * the admins only when shoppers never saw the item (a draft's id is the owner's);
 * "orders:changed" tells the admins' pages (the "admins" room) that an order came in or
 * changed, and a customer's pages that one of theirs did.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createAdapter } from "@socket.io/redis-adapter";
import { Server } from "socket.io";
import type { Database } from "../db/client";
import { closeRedis, type RedisClient, type RedisConnection } from "../redis";
import { findSession } from "../modules/accounts/sessions.service";
import { GUEST_COOKIE, guestKeyHash, isGuestKey } from "../modules/carts/list-owners";
import { isOwnOrigin } from "./origin-check";
import { SESSION_COOKIE } from "./session";

export interface Realtime {
  /** Sends an event to every live connection in the room (`user:<id>`, `guest:<key hash>`, `admins`). */
  emit(room: string, event: string): void;
  /** Sends an event, with its payload if it has one, to every visitor. */
  broadcast(event: string, payload?: unknown): void;
  /** Sends an event with its payload to the signed-in admins' connections only. */
  tellAdmins(event: string, payload: unknown): void;
  /** Ends the live connections of these sessions after telling them why. */
  signOutSessions(sessionHashes: string[]): void;
  /** Every live connection of this account (all its sessions). */
  signOutUser(userId: string): void;
}

declare module "fastify" {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

interface RealtimeOptions {
  db: Database;
  /** The shop's own origins: a page elsewhere may not open a connection with our visitor's cookie. */
  origins: readonly string[];
  /** REDIS_URL's connection (server/redis.ts): the rooms then span every instance. */
  redis?: RedisConnection | undefined;
}

/** The live connection's clients send nothing but the protocol's own small packets. */
export const LIVE_MESSAGE_LIMIT = 4 * 1024;

export const userRoom = (userId: string) => `user:${userId}`;
export const guestRoom = (guestKeyHash: string) => `guest:${guestKeyHash}`;
/** Every signed-in admin's connections: the order desk's live updates. */
export const ADMINS_ROOM = "admins";
const sessionRoom = (sessionHash: string) => `session:${sessionHash}`;

/**
 * The shared connection as the adapter's publisher. The adapter never waits for its
 * publishes: while Redis is away they wait in the client's queue, and are dropped when
 * the app closes; a dropped one must not become an unhandled rejection.
 */
function publisherOf(client: RedisClient): RedisClient {
  return new Proxy(client, {
    get(target, key) {
      if (key === "publish")
        return (...args: Parameters<RedisClient["publish"]>) => target.publish(...args).catch(() => 0);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export const realtimePlugin = fp(async (app: FastifyInstance, { db, origins, redis }: RealtimeOptions) => {
  const io = new Server(app.server, {
    serveClient: false,
    maxHttpBufferSize: LIVE_MESSAGE_LIMIT,
    // Compared with the configured origins, not the request's Host (see origin-check.ts).
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || isOwnOrigin(origin, origins));
    },
  });

  if (redis) {
    // The shared connection publishes; listening needs a connection of its own. Its errors
    // are the shared connection's too, which reports them (server/redis.ts).
    const subscriber = redis.client.duplicate();
    subscriber.on("error", () => {});
    await subscriber.connect();
    io.adapter(createAdapter(publisherOf(redis.client), subscriber, { key: `${redis.prefix}socket.io` }));
    app.addHook("onClose", async () => {
      await closeRedis(subscriber);
    });
  }

  /** The rooms of the visitor whose cookies these are: their guest key's, their account's and their session's. */
  const roomsOf = async (cookieHeader: string | undefined): Promise<string[]> => {
    // @fastify/cookie (registered by the session plugin) reads the handshake's cookies.
    const cookies = app.parseCookie(cookieHeader ?? "");
    const rooms: string[] = [];
    const guestKey = cookies[GUEST_COOKIE];
    if (isGuestKey(guestKey)) rooms.push(guestRoom(guestKeyHash(guestKey)));
    const token = cookies[SESSION_COOKIE];
    if (!token || !/^[\w-]{43}$/.test(token)) return rooms;
    try {
      const signedIn = await findSession(db, token);
      if (signedIn) rooms.push(userRoom(signedIn.viewer._id), sessionRoom(signedIn.sessionHash));
      if (signedIn?.viewer.isAdmin) rooms.push(ADMINS_ROOM);
    } catch (error) {
      app.log.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, "live: lookup failed");
    }
    return rooms;
  };

  // The connection joins its rooms before it is accepted, so a client that hears
  // "connect" already receives every event for its account, session and guest key: a
  // change made the moment after reaches it. (Should the handshake fail, socket.io
  // takes the socket out of its rooms again.)
  io.use((socket, next) => {
    roomsOf(socket.handshake.headers.cookie).then((rooms) => {
      if (rooms.length > 0) void socket.join(rooms);
      next();
    }, next);
  });

  const signOut = (rooms: string[]) => {
    if (rooms.length === 0) return;
    io.to(rooms).emit("auth:changed");
    io.in(rooms).disconnectSockets(true);
  };
  app.decorate("realtime", {
    emit: (room, event) => void io.to(room).emit(event),
    broadcast: (event, payload) => void (payload === undefined ? io.emit(event) : io.emit(event, payload)),
    tellAdmins: (event, payload) => void io.to(ADMINS_ROOM).emit(event, payload),
    signOutSessions: (hashes) => signOut(hashes.map(sessionRoom)),
    signOutUser: (userId) => signOut([userRoom(userId)]),
  } satisfies Realtime);

  app.addHook("preClose", async () => {
    // Not io.close(): that would close the HTTP server, which Fastify closes itself.
    io.disconnectSockets(true);
    io.engine.close();
  });
});
