/**
 * Reading an import's spreadsheet without holding up anyone else: the shop's one thread
 * also answers every shopper, so a file of up to 20 MB is read in slices that each give
 * the event loop a turn, and a file whose shape no catalogue has is refused before it is
 * parsed at all.
 *
 * - No row, header included, may have more cells than the catalogue has columns: a
 *   header of millions of columns (a few megabytes of commas) would otherwise be parsed
 *   into millions of cells and reported column by column.
 * - The report lists the first MAX_LISTED_REFUSALS refusals in row order, then says how
 *   many more there are.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { parse } from "csv-parse";
import { CSV_COLUMNS, type RowError } from "../../../domain/catalog/catalog-csv";
import { refuse } from "../../../domain/refusal";

/** The most cells a row may have: every column the catalogue has, once. */
export const MAX_COLUMNS = CSV_COLUMNS.length;
/** Refusals listed in a report; the rest are counted. */
export const MAX_LISTED_REFUSALS = 1_000;

export const READ_MESSAGES = {
  notUtf8: 'The file is not UTF-8 text: save it as "CSV UTF-8" and try again.',
  unreadable: (reason: string) => `The file cannot be read as CSV: ${reason}`,
  headerTooWide: `The header has more than ${MAX_COLUMNS} columns, the most a catalogue file has: remove the columns that are not the catalogue's and try again.`,
  rowTooWide: (row: number) =>
    `Row ${row.toLocaleString("en")} has more than ${MAX_COLUMNS} cells, the most a catalogue file has: remove the extra cells and try again.`,
  more: (count: number) =>
    `And ${count.toLocaleString("en")} more ${count === 1 ? "refusal" : "refusals"}, not listed: correct these first.`,
} as const;

/** Bytes given to the parser at a time: a few milliseconds of its work. */
const SLICE_BYTES = 16 * 1024;
/** How much of the file's start the route reads to refuse an over-wide header at once. */
const HEAD_BYTES = 64 * 1024;

const COMMA = 0x2c;
const SEMICOLON = 0x3b;
const QUOTE = 0x22;
const NEWLINE = 0x0a;

/**
 * A function to await in a long loop: it gives the event loop a turn once `sliceMs` of
 * work has gone by since the last one, and costs nothing otherwise.
 */
export function breather(sliceMs = 8): () => Promise<void> | undefined {
  let last = performance.now();
  return () => {
    if (performance.now() - last < sliceMs) return undefined;
    return nextTurn().then(() => {
      last = performance.now();
    });
  };
}

/**
 * The delimiter, from the start of the file: a spreadsheet set to a language that writes
 * decimal commas saves with semicolons.
 */
function delimiterOf(head: string): "," | ";" {
  const end = head.search(/\r?\n|$/);
  const firstLine = head.slice(0, end);
  return !firstLine.includes(",") && firstLine.includes(";") ? ";" : ",";
}

/**
 * Counts each record's cells as text goes by, slice after slice (quotes are followed, so
 * a delimiter or line break inside a quoted cell is text), and names the first record
 * with more than MAX_COLUMNS cells: the header is record 1.
 */
class CellCounter {
  private record = 1;
  private cells = 1;
  private quoted = false;
  constructor(private readonly delimiter: number) {}

  /** The number of the first record in `text` that is too wide, or 0. */
  feed(text: string): number {
    const { delimiter } = this;
    let { record, cells, quoted } = this;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      // A doubled quote inside a quoted cell switches twice: it stays quoted.
      if (code === QUOTE) quoted = !quoted;
      else if (quoted) continue;
      else if (code === delimiter) {
        if (++cells > MAX_COLUMNS) return record;
      } else if (code === NEWLINE) {
        record++;
        cells = 1;
      }
    }
    Object.assign(this, { record, cells, quoted });
    return 0;
  }
}

const tooWide = (record: number) =>
  refuse("invalid", record === 1 ? READ_MESSAGES.headerTooWide : READ_MESSAGES.rowTooWide(record));

/**
 * Refuses at once (400) a file whose header is wider than the catalogue: what a request
 * is checked for before it is accepted. Reads the file's first 64 KB at most.
 */
export function checkHeaderWidth(csv: Buffer): void {
  const head = csv.subarray(0, HEAD_BYTES).toString("latin1");
  const counter = new CellCounter(delimiterOf(head) === ";" ? SEMICOLON : COMMA);
  const end = head.search(/\r?\n/);
  const record = counter.feed(end < 0 ? head : head.slice(0, end));
  if (record) throw tooWide(record);
}

/**
 * The CSV's header and rows, read in slices that give the event loop a turn between them.
 * A file that cannot be read is one refusal; one wider than the catalogue is refused (400).
 */
export async function readCsv(csv: Buffer): Promise<{ header: string[]; rows: string[][] } | RowError> {
  const pause = breather();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const head = csv
    .subarray(0, HEAD_BYTES)
    .toString("latin1")
    .replace(/^\u00ef\u00bb\u00bf/, "");
  const delimiter = delimiterOf(head);
  const counter = new CellCounter(delimiter === ";" ? SEMICOLON : COMMA);

  const rows: string[][] = [];
  let failure: Error | null = null;
  const parser = parse({ delimiter, relax_column_count: true, skip_empty_lines: false, bom: true });
  parser.on("data", (cells: string[]) => rows.push(cells));
  parser.on("error", (error) => (failure ??= error));
  const ended = new Promise<void>((resolve) => {
    parser.once("end", resolve);
    parser.once("error", () => resolve());
  });

  // Slices of bytes, decoded as they go (a character split between two slices waits for the next).
  const byteSlice = SLICE_BYTES;
  for (let start = 0; start < csv.length && !failure; start += byteSlice) {
    let text: string;
    try {
      text = decoder.decode(csv.subarray(start, start + byteSlice), { stream: start + byteSlice < csv.length });
    } catch {
      parser.destroy();
      return { row: 1, field: "file", message: READ_MESSAGES.notUtf8 };
    }
    const wide = counter.feed(text);
    if (wide) {
      parser.destroy();
      throw tooWide(wide);
    }
    parser.write(text);
    await pause();
  }
  if (!failure) parser.end();
  await ended;
  if (failure) {
    const lines = (failure as { lines?: number }).lines;
    return {
      row: typeof lines === "number" ? lines : 1,
      field: "file",
      message: READ_MESSAGES.unreadable((failure as Error).message.replace(/^Invalid \w+:?\s*/, "")),
    };
  }
  return { header: (rows[0] ?? []).map((name) => name.trim()), rows: rows.slice(1) };
}

/**
 * An import's refusals, kept by row so that the report lists them in row order without
 * sorting them all: a file can earn a refusal for every cell of its 20,000 rows.
 */
export class Refusals {
  private readonly byRow = new Map<number, RowError[]>();
  count = 0;

  add = (row: number, field: string, message: string): void => {
    let list = this.byRow.get(row);
    if (!list) this.byRow.set(row, (list = []));
    list.push({ row, field, message });
    this.count++;
  };

  /** The first MAX_LISTED_REFUSALS in row order (in the order found within a row), then how many more. */
  list(): RowError[] {
    const out: RowError[] = [];
    for (const row of [...this.byRow.keys()].sort((a, b) => a - b)) {
      for (const error of this.byRow.get(row)!) {
        if (out.length === MAX_LISTED_REFUSALS) {
          out.push({ row: error.row, field: "file", message: READ_MESSAGES.more(this.count - MAX_LISTED_REFUSALS) });
          return out;
        }
        out.push(error);
      }
    }
    return out;
  }
}
