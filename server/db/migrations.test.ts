/**
 * The committed migrations must describe the schema the code declares: a column added to
 * server/db/schema without `npm run db:generate` would be missing from every database.
 * drizzle-kit compares the schema with the last migration's snapshot; here it writes into
 * a copy of the migrations folder, and must find nothing to write.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const MIGRATIONS = path.resolve("server/db/migrations");
let copy = "";

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe("the committed migrations", () => {
  it("agree with the Drizzle schema (drizzle-kit generate finds no changes)", async () => {
    copy = await mkdtemp(path.join(tmpdir(), "furnish-migrations-"));
    await cp(MIGRATIONS, copy, { recursive: true });
    const drizzleKit = path.resolve("node_modules/drizzle-kit/bin.cjs");
    // drizzle-kit reads its folder as a relative path, and says what went wrong on stderr.
    const out = path.relative(process.cwd(), copy);
    const { stdout, stderr } = await run(
      process.execPath,
      [drizzleKit, "generate", "--dialect", "postgresql", "--schema", "./server/db/schema/*.ts", "--out", out],
      { env: { ...process.env, NO_COLOR: "1" } },
    );
    expect(`${stdout}${stderr}`).toContain("No schema changes");
    expect((await readdir(copy)).sort()).toEqual((await readdir(MIGRATIONS)).sort());
  }, 60_000);
});
