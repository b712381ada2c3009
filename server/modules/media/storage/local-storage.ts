/** Pictures in a folder on this machine (DATA_DIR/media): the default, for one instance. */
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { contentTypeOf, isSafeKey, type ListedObject, type MediaStorage } from "./media-storage";

const missing = (error: NodeJS.ErrnoException) => error.code === "ENOENT" || error.code === "ENOTDIR";

export function createLocalStorage(dir: string): MediaStorage {
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error("invalid media key");
    return path.join(dir, key);
  };

  async function* walk(folder: string, prefix: string): AsyncGenerator<ListedObject> {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (missing(error)) return [];
      throw error;
    });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      // Dot files (a desktop's .DS_Store) and files being written (".part") are not pictures.
      if (entry.name.startsWith(".") || entry.name.endsWith(".part")) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) yield* walk(full, `${prefix}${entry.name}/`);
      else if (entry.isFile()) yield { key: `${prefix}${entry.name}`, size: (await stat(full)).size };
    }
  }

  return {
    kind: "local",
    publicUrl: null,
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a browser never receives half a file.
      const part = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
      await writeFile(part, body);
      await rename(part, file).catch(async (error: unknown) => {
        await rm(part, { force: true });
        throw error;
      });
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const handle = await open(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (missing(error) || error.code === "EISDIR") return null;
        throw error;
      });
      if (!handle) return null;
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { body: createReadStream("", { fd: handle }), size: info.size, contentType: contentTypeOf(key) };
    },
    async read(key) {
      if (!isSafeKey(key)) return null;
      return readFile(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (missing(error) || error.code === "EISDIR") return null;
        throw error;
      });
    },
    async size(key) {
      if (!isSafeKey(key)) return null;
      const info = await stat(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (missing(error)) return null;
        throw error;
      });
      return info?.isFile() ? info.size : null;
    },
    async deletePrefixes(prefixes) {
      // Retried: the AVIF runner may be writing into a folder as it is removed (ENOTEMPTY).
      const options = { recursive: true, force: true, maxRetries: 5, retryDelay: 50 };
      await Promise.all(
        prefixes
          .map((prefix) => prefix.replace(/\/$/, ""))
          .filter(isSafeKey)
          .map((prefix) => rm(fileOf(prefix), options)),
      );
    },
    list(prefix = "") {
      const folder = prefix.replace(/\/$/, "");
      if (folder && !isSafeKey(folder)) return (async function* () {})();
      return walk(folder ? fileOf(folder) : dir, folder ? `${folder}/` : "");
    },
  };
}
