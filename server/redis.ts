/**
 * The Redis connection of an instance (REDIS_URL), shared by what several instances must
 * agree on: the live connection's rooms (server/plugins/realtime.ts, which opens a second
 * one to listen on) and the rate limits' counts (server/plugins/rate-limits.ts). Every key and channel starts with
 * REDIS_PREFIX, so two shops, or a shop and its staging copy, can share one Redis.
 *
 * The client library is loaded only when REDIS_URL is set: its modules (some 580 files
 * with the commands of every Redis module) would otherwise add to every start.
 */
import type { FastifyBaseLogger } from "fastify";
import type { createClient } from "redis";

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisConnection {
  client: RedisClient;
  /** Starts every key and channel this shop writes ("furnish:" unless REDIS_PREFIX says). */
  prefix: string;
}

export const DEFAULT_REDIS_PREFIX = "furnish:";

/**
 * Connected before the app serves. Once running, a lost connection is retried by the
 * client in the background; until it is back, each part falls back as it documents.
 */
export async function connectRedis(url: string, prefix: string, log: FastifyBaseLogger): Promise<RedisConnection> {
  const { createClient } = await import("redis");
  const client = createClient({ url });
  let reported = false;
  client.on("error", (error: Error) => {
    // Once per outage: the client retries every few hundred milliseconds.
    if (reported) return;
    reported = true;
    log.warn(
      { err: { message: error.message } },
      "redis: connection lost; rate limits counted in this process until it is back",
    );
  });
  client.on("ready", () => {
    if (reported) log.info("redis: connected again");
    reported = false;
  });
  await client.connect();
  return { client, prefix };
}

/** Waits for commands under way while Redis answers; otherwise lets them fail, rather than waiting for a Redis that is gone. */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (client.isReady) await client.close().catch(() => client.destroy());
  else if (client.isOpen) client.destroy();
}
