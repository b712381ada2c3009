/**
 * Every CSV the shop writes (the catalogue export, the Meta feed) is written here, so
 * none can forget what opening it in a spreadsheet does. RFC 4180 (csv-stringify): a
 * field is quoted when it holds a comma, a quote or a line break, and lines end in CRLF.
 *
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which
 * some skip before one) as a formula, which can fetch an address or start a program. Such
 * text gets an apostrophe in front: spreadsheets show it as plain text (and drop the
 * apostrophe when saving again, or keep it); the catalogue import removes it
 * (domain/catalog/catalog-csv.ts). Numbers are written as text by the callers, so a
 * negative amount would be protected too; the shop has none.
 */
import { stringify } from "csv-stringify/sync";

const FORMULA_START = /^[=+\-@\t\r]/;

const protectCell = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * Rows as CSV text: arrays of cells, or records written in the order of `columns`
 * (with the column names as the first line when `header` is true).
 */
export function writeCsv(
  rows: readonly (readonly string[])[] | readonly Record<string, string>[],
  { columns, header = false }: { columns?: readonly string[]; header?: boolean } = {},
): string {
  return stringify([...rows], {
    ...(columns ? { columns: [...columns] } : {}),
    header,
    record_delimiter: "windows",
    // csv-stringify quotes a field holding the whole CRLF only; a lone CR or LF is a line break too.
    quoted_match: /[\r\n]/,
    cast: { string: protectCell },
  });
}
