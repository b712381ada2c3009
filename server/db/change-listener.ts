/**
 * One connection that listens to PostgreSQL channels on which triggers and writers announce
 * committed changes (a notification is delivered only once its transaction commits), for
 * the caches each instance keeps: a change on any instance reaches every instance.
 *
 * While the connection is down, changes go unheard: `listening` is false (a cache then
 * neither keeps nor serves anything), `onChange` is called with no channel when the
 * connection is lost and again once it listens anew (what changed meanwhile is unknown),
 * and it reconnects every second.
 *
 * `heard()` is the way to read one's own writes, and another instance's: PostgreSQL delivers
 * notifications in the order their transactions committed, so once a probe sent now on a
 * channel of this listener's own comes back, every change committed before it has been
 * heard.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface ChangeListener {
  /** True while changes are heard. */
  readonly listening: boolean;
  /**
   * Resolves true once every change committed before the call has been heard (one round
   * trip and a notification), false when that cannot be told within a second.
   */
  heard(): Promise<boolean>;
  close(): Promise<void>;
}

export interface ChangeListenerOptions {
  connection: pg.ClientConfig;
  channels: readonly string[];
  /** A change announced on `channel` (with its payload), or, with no channel, changes that may have gone unheard. */
  onChange(channel: string | null, payload: string): void;
  /** Named in the warning logged while the database does not answer. */
  what: string;
  log?: { warn(message: string): void };
}

const RETRY_MS = 1000;
const PROBE_TIMEOUT_MS = 1000;

export async function listenForChanges({
  connection,
  channels,
  onChange,
  what,
  log = console,
}: ChangeListenerOptions): Promise<ChangeListener> {
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  // This listener's own channel for its probes, which no other instance hears.
  const probes = `heard_${randomBytes(8).toString("hex")}`;
  const awaited = new Map<string, (heard: boolean) => void>();
  let sent = 0;
  let unsent: Promise<boolean> | null = null;
  let queue: Promise<void> = Promise.resolve();
  const settle = (probe: string, heard: boolean) => {
    awaited.get(probe)?.(heard);
    awaited.delete(probe);
  };

  const listenLater = () => {
    clearTimeout(retry);
    if (!closed) retry = setTimeout(() => void listen(), RETRY_MS);
  };
  const listen = async (): Promise<void> => {
    const client = new pg.Client(connection);
    client.on("notification", ({ channel, payload = "" }) => {
      if (channel === probes) settle(payload, true);
      else onChange(channel, payload);
    });
    client.on("error", () => {});
    client.on("end", () => {
      if (listener !== client) return;
      listener = null;
      onChange(null, "");
      listenLater();
    });
    try {
      await client.connect();
      await client.query([...channels, probes].map((channel) => `listen ${channel}`).join("; "));
      if (closed) {
        await client.end();
        return;
      }
      listener = client;
      onChange(null, "");
    } catch (error) {
      log.warn(`${what} is off until the database answers: ${(error as Error).message}`);
      await client.end().catch(() => {});
      listenLater();
    }
  };
  await listen();

  return {
    get listening() {
      return listener !== null;
    },
    heard() {
      const client = listener;
      if (!client) return Promise.resolve(false);
      // A probe not sent yet serves everyone who asks before it goes.
      if (unsent) return unsent;
      const probe = String((sent += 1));
      const back = new Promise<boolean>((resolve) => {
        const timeout = setTimeout(() => settle(probe, false), PROBE_TIMEOUT_MS);
        awaited.set(probe, (heard) => {
          clearTimeout(timeout);
          resolve(heard);
        });
      });
      unsent = back;
      // One query at a time on the listening connection.
      queue = queue
        .then(() => {
          unsent = null;
          return client.query("select pg_notify($1, $2)", [probes, probe]);
        })
        .then(
          () => {},
          () => settle(probe, false),
        );
      return back;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      for (const probe of [...awaited.keys()]) settle(probe, false);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}
