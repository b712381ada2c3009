/**
 * A backup file: one gzipped tar archive (tar-stream) holding, in this order,
 *   furnish-backup.json          what it is: format, when, the migrations, each table's columns and rows
 *   database/<schema>.<table>.ndjson   the rows (server/modules/backups/database-dump.ts)
 *   media/<id>/<width>.<format>  the pictures, as the media storage holds them
 * Reading accepts nothing else, and checks the whole manifest before it writes a file: a
 * table or sequence the shop's own schema does not have (database-dump.ts, BACKUP_TABLES),
 * a table named twice, an entry the manifest does not name or that is not a plain file
 * under media/ makes the file "damaged". Every path is resolved and must lie inside the
 * folder the archive is unpacked into, so no name in an archive can reach outside it.
 */
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import * as tar from "tar-stream";
import { z } from "zod";
import { Refusal } from "../../../domain/refusal";
import type { MediaStorage } from "../media/storage/media-storage";
import { BACKUP_TABLES, isBackupSequence, tableFile, type DatabaseDump } from "./database-dump";

const MANIFEST = "furnish-backup.json";
const FORMAT = "furnish-backup";
const VERSION = 1;
const DATABASE = "database";
const MEDIA = "media";
/** Where the media storage keeps link-preview cards. */
const OG_CARDS = "og";
/** A path under media/: folders and files named as the media service names them, never "." or "..". */
const MEDIA_PATH = /^media(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}){1,4}$/;

const ManifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  takenAt: z.iso.datetime(),
  serverVersion: z.string(),
  migrations: z.array(z.object({ hash: z.string(), createdAt: z.number() })),
  tables: z.array(
    z.object({
      schema: z.string().min(1),
      name: z.string().min(1),
      columns: z.array(z.string().min(1)).min(1),
      rows: z.number().int().nonnegative(),
    }),
  ),
  sequences: z.array(z.object({ schema: z.string(), name: z.string(), lastValue: z.string().nullable() })),
});

/** What the archive's first entry says: the database dump's description, marked as a Furnish backup. */
export type Manifest = z.output<typeof ManifestSchema>;

/**
 * A file that is no Furnish backup at all (not gzip, not tar, no manifest first): a refusal
 * of what was given, which the restore names by its file.
 */
export class NotABackupError extends Refusal {
  constructor() {
    super("invalid", "This file is not a Furnish backup.");
  }
}

/** A Furnish backup that cannot be restored: damaged, cut short, or taken by a newer Furnish. */
export class UnusableBackupError extends Refusal {
  constructor(message: string) {
    super("invalid", message);
  }
}

/**
 * Writes the archive to `file` (which must not exist): the manifest, the dumped tables
 * from `dumpFolder`, then every picture file in the media storage (named as a restore
 * accepts them). A picture deleted while the backup runs is left out, and so are the
 * link-preview cards kept under "og/" (drawn again when asked for).
 */
export async function writeArchive(
  file: string,
  { dump, dumpFolder, storage }: { dump: DatabaseDump; dumpFolder: string; storage: MediaStorage },
  signal?: AbortSignal,
): Promise<void> {
  const pack = tar.pack();
  // Readable by the shop's own user only: a backup holds password hashes and customers' details.
  const written = pipeline(pack, createGzip(), createWriteStream(file, { flags: "wx", mode: 0o600 }));
  // Until the pipeline settles, its failure (a full disk) is reported by `written`.
  written.catch(() => {});
  try {
    const manifest: Manifest = { format: FORMAT, version: VERSION, ...dump };
    await addEntry(pack, MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    for (const table of dump.tables) {
      signal?.throwIfAborted();
      const source = path.join(dumpFolder, tableFile(table));
      await addFileEntry(pack, `${DATABASE}/${tableFile(table)}`, source);
    }
    for await (const { key } of storage.list()) {
      signal?.throwIfAborted();
      // Only what a restore takes back: a stray file (an editor's or a desktop's) is no picture.
      if (key.startsWith(`${OG_CARDS}/`) || !MEDIA_PATH.test(`${MEDIA}/${key}`)) continue;
      const bytes = await storage.read(key);
      if (bytes) await addEntry(pack, `${MEDIA}/${key}`, bytes);
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
  await written;
}

/** The archive's manifest, read without unpacking the rest; NotABackupError when the file is not a Furnish backup. */
export async function readManifest(file: string): Promise<Manifest> {
  return (await readArchive(file, null)).manifest;
}

/**
 * Unpacks the archive into `folder` (database/ and media/ inside it) and answers its
 * manifest and how many pictures' files it held. NotABackupError when the file is not a
 * Furnish backup; another error when it is one but damaged or cut short.
 */
export async function readArchive(
  file: string,
  folder: string | null,
): Promise<{ manifest: Manifest; mediaFiles: number }> {
  const extract = tar.extract();
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on("error", (error) => extract.destroy(error));
  gunzip.on("error", (error) => extract.destroy(error));
  source.pipe(gunzip).pipe(extract);

  let manifest: Manifest | undefined;
  let mediaFiles = 0;
  const expected = new Map<string, string>();
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (!manifest) {
        if (name !== MANIFEST || type !== "file") throw new NotABackupError();
        manifest = parseManifest(await readAll(entry as AsyncIterable<Uint8Array>));
        if (folder === null) break;
        for (const table of manifest.tables) {
          expected.set(`${DATABASE}/${tableFile(table)}`, inside(folder, `${DATABASE}/${tableFile(table)}`));
        }
        await mkdir(path.join(folder, DATABASE), { recursive: true });
        await mkdir(path.join(folder, MEDIA), { recursive: true });
        continue;
      }
      const table = expected.get(name);
      const target = type !== "file" ? null : (table ?? mediaTarget(folder!, name));
      if (target === null)
        throw new UnusableBackupError(`The backup is damaged: it holds an unexpected entry (${name}).`);
      if (table) expected.delete(name);
      else mediaFiles += 1;
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(entry, createWriteStream(target, { flags: "wx" }));
    }
  } catch (error) {
    if (error instanceof NotABackupError || error instanceof UnusableBackupError) throw error;
    // Not gzip, or not tar inside: not a backup at all.
    if (!manifest) throw new NotABackupError();
    // A write of ours failing (a full disk) says so itself, with its system call.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    throw new UnusableBackupError(`The backup is damaged or cut short (${(error as Error).message}).`);
  } finally {
    source.destroy();
  }
  if (!manifest) throw new NotABackupError();
  if (folder === null) return { manifest, mediaFiles };
  const missing = [...expected.keys()];
  if (missing.length > 0) throw new UnusableBackupError(`The backup is damaged: ${missing[0]} is missing.`);
  return { manifest, mediaFiles };
}

function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new NotABackupError();
  }
  const marked = z.object({ format: z.literal(FORMAT), version: z.number() }).safeParse(json);
  if (!marked.success) throw new NotABackupError();
  if (marked.data.version > VERSION) {
    throw new UnusableBackupError(
      "This backup was taken by a newer version of Furnish: update Furnish, then restore it.",
    );
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) throw new UnusableBackupError("The backup is damaged: its description cannot be read.");
  const named = new Set<string>();
  for (const { schema, name } of parsed.data.tables) {
    // Quoted as JSON: a tampered name may hold anything, line breaks included.
    const table = `${schema}.${name}`;
    if (!BACKUP_TABLES.has(table)) {
      throw new UnusableBackupError(
        `The backup is damaged: it holds a table the shop does not have (${JSON.stringify(table)}).`,
      );
    }
    if (named.has(table)) {
      throw new UnusableBackupError(`The backup is damaged: it holds the table ${JSON.stringify(table)} twice.`);
    }
    named.add(table);
  }
  const sequence = parsed.data.sequences.find((sequence) => !isBackupSequence(sequence));
  if (sequence) {
    throw new UnusableBackupError(
      `The backup is damaged: it holds a sequence the shop does not have (${JSON.stringify(`${sequence.schema}.${sequence.name}`)}).`,
    );
  }
  return parsed.data;
}

/** Where an entry of this name is unpacked: always inside `folder`, or an error naming it. */
function inside(folder: string, name: string): string {
  const target = path.resolve(folder, ...name.split("/"));
  const relative = path.relative(folder, target);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) {
    throw new UnusableBackupError(
      `The backup is damaged: ${JSON.stringify(name)} would be written outside its folder.`,
    );
  }
  return target;
}

function mediaTarget(folder: string, name: string): string | null {
  return MEDIA_PATH.test(name) ? inside(folder, name) : null;
}

function addEntry(pack: tar.Pack, name: string, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, size: bytes.length, mode: 0o644 }, bytes, (error) => (error ? reject(error) : resolve()));
  });
}

async function addFileEntry(pack: tar.Pack, name: string, file: string): Promise<void> {
  const { size } = await stat(file);
  let entry!: ReturnType<tar.Pack["entry"]>;
  const added = new Promise<void>((resolve, reject) => {
    entry = pack.entry({ name, size, mode: 0o644 }, (error) => (error ? reject(error) : resolve()));
  });
  for await (const chunk of createReadStream(file)) {
    if (!entry.write(chunk as Buffer)) await once(entry, "drain");
  }
  entry.end(null);
  await added;
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}
