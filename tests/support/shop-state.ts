/**
 * What a backup must bring back, read so two shops can be compared: every table of the
 * app's schemas with its row count and a digest of all its rows, and every file of the
 * media folder with its SHA-256.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

export interface ShopState {
  /** "public.users" → { rows, digest }. */
  tables: Record<string, { rows: number; digest: string }>;
  /** "<id>/640.webp" → SHA-256. */
  media: Record<string, string>;
}

export async function readShopState(databaseUrl: string, mediaDir: string): Promise<ShopState> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tables: ShopState["tables"] = {};
  try {
    const { rows } = await client.query<{ name: string; qualified: string }>(
      `select n.nspname || '.' || c.relname as name, format('%I.%I', n.nspname, c.relname) as qualified
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname in ('public', 'drizzle') order by 1`,
    );
    for (const { name, qualified } of rows) {
      const { rows: facts } = await client.query<{ rows: number; digest: string }>(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest
           from ${qualified} as t`,
      );
      tables[name] = facts[0]!;
    }
  } finally {
    await client.end();
  }
  const media: ShopState["media"] = {};
  const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    media[path.relative(mediaDir, file)] = createHash("sha256")
      .update(await readFile(file))
      .digest("hex");
  }
  return { tables, media };
}
