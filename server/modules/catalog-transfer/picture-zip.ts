/**
 * The ZIP of pictures sent with an import: the spreadsheet names its files. Only its
 * directory is read up front, and refused whole past MAX_ZIP_ENTRIES entries or
 * MAX_ZIP_TOTAL_BYTES unpacked; a picture is unpacked only when a row names it, and
 * never past its own declared size or the picture limit (yauzl checks the bytes that
 * come out against the size declared), so a small archive cannot unfold into gigabytes.
 */
import path from "node:path";
import yauzl from "yauzl";
import { MAX_IMAGE_BYTES } from "../../../domain/catalog/input-fields";
import { Refusal, refuse } from "../../../domain/refusal";

export const MAX_ZIP_ENTRIES = 10_000;
export const MAX_ZIP_TOTAL_BYTES = 2 * 1024 * 1024 * 1024;

export const ZIP_MESSAGES = {
  unreadable: "The pictures' file is not a ZIP archive that can be read.",
  tooManyEntries: `The ZIP holds more than ${MAX_ZIP_ENTRIES.toLocaleString("en")} files.`,
  tooLargeTotal: `The ZIP unpacks to more than ${MAX_ZIP_TOTAL_BYTES / 1024 / 1024 / 1024} GB.`,
  missing: (name: string) => `No file "${name}" in the ZIP.`,
  tooLarge: `The picture is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
} as const;

export interface PictureZip {
  /** The bytes of the entry a cell names (its path in the archive, or its file name when that is unique). */
  read(name: string): Promise<{ bytes: Buffer } | { error: string; reason: "missing" | "tooLarge" | "unreadable" }>;
  close(): void;
}

const open = (buffer: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );

export async function openPictureZip(buffer: Buffer): Promise<PictureZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(buffer);
  } catch {
    throw refuse("invalid", ZIP_MESSAGES.unreadable);
  }
  if (zip.entryCount > MAX_ZIP_ENTRIES) {
    zip.close();
    throw refuse("invalid", ZIP_MESSAGES.tooManyEntries);
  }
  const entries = new Map<string, yauzl.Entry>();
  const byBaseName = new Map<string, yauzl.Entry | null>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith("/")) {
          total += entry.uncompressedSize;
          if (total > MAX_ZIP_TOTAL_BYTES) return reject(refuse("invalid", ZIP_MESSAGES.tooLargeTotal));
          entries.set(entry.fileName, entry);
          const base = path.posix.basename(entry.fileName);
          byBaseName.set(base, byBaseName.has(base) ? null : entry);
        }
        zip.readEntry();
      });
      zip.on("end", resolve);
      zip.on("error", reject);
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error instanceof Refusal ? error : refuse("invalid", ZIP_MESSAGES.unreadable);
  }

  return {
    async read(name) {
      const entry = entries.get(name) ?? byBaseName.get(name) ?? null;
      if (!entry) return { error: ZIP_MESSAGES.missing(name), reason: "missing" };
      if (entry.uncompressedSize > MAX_IMAGE_BYTES) return { error: ZIP_MESSAGES.tooLarge, reason: "tooLarge" };
      try {
        const bytes = await new Promise<Buffer>((resolve, reject) =>
          zip.openReadStream(entry, (error, stream) => {
            if (error) return reject(error);
            const chunks: Buffer[] = [];
            stream.on("data", (chunk: Buffer) => chunks.push(chunk));
            stream.on("end", () => resolve(Buffer.concat(chunks)));
            stream.on("error", reject);
          }),
        );
        return { bytes };
      } catch {
        return { error: ZIP_MESSAGES.unreadable, reason: "unreadable" };
      }
    },
    close: () => zip.close(),
  };
}
