import { Column, is, sql, type DriverValueDecoder, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

type Field = Column | SQL;

/** What a field reads as: a column's value as the column decodes it, or an expression's own type. */
type ValueOf<F> = F extends Column
  ? F["_"]["data"] | (F["_"]["notNull"] extends true ? never : null)
  : F extends SQL<infer T>
    ? T
    : never;

export type RowOf<F extends Record<string, Field>> = { [K in keyof F]: ValueOf<F[K]> };

export interface FixedSelectList<F extends Record<string, Field>> {
  /** The list, to follow `select` in a statement: each field named by its key. */
  sql: SQL;
  /** A row as the database answered it, each field decoded as its column decodes it. */
  decode(row: Record<string, unknown>): RowOf<F>;
}

const dialect = new PgDialect();

/**
 * A select list written as SQL once, when the module loads. Drizzle's query builder
 * writes a statement's whole text anew at every run and decodes every row field by field
 * through its type checks; for the catalogue's list (thirty columns, and the images,
 * options and rating built as JSON in subqueries) that was a sixth of an uncached page's
 * processor time in Node (bench:api). A statement using the list is still built with
 * drizzle's `sql`, its conditions and order as elsewhere, and run with `db.execute`; only
 * the list is fixed. Its fields hold no values (those belong in the conditions).
 */
export function fixedSelectList<F extends Record<string, Field>>(fields: F): FixedSelectList<F> {
  const entries = Object.entries(fields);
  const { sql: text, params } = dialect.sqlToQuery(
    sql.join(
      entries.map(([key, field]) => sql`${field} as ${sql.identifier(key)}`),
      sql`, `,
    ),
  );
  if (params.length > 0) throw new Error("A fixed select list holds no values.");
  // An expression keeps the decoder its mapWith() gave it (drizzle holds it on the SQL, untyped).
  const decoders = entries.map(([key, field]): [string, DriverValueDecoder<unknown, unknown>] => [
    key,
    is(field, Column) ? field : (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder,
  ]);
  return {
    sql: sql.raw(text),
    decode(row) {
      const decoded: Record<string, unknown> = {};
      for (const [key, decoder] of decoders) {
        const value = row[key];
        decoded[key] = value === null || value === undefined ? null : decoder.mapFromDriverValue(value);
      }
      return decoded as RowOf<F>;
    },
  };
}
