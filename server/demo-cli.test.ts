import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct, makeImage } from "../tests/support/catalog-factory";
import { SMALL_DEMO, SMALL_DEMO_PICTURES, seedSmallDemo } from "../tests/support/small-demo";
import { useTestDatabase } from "../tests/support/test-database";
import { products } from "./db/schema/catalog";

const run = promisify(execFile);
const database = useTestDatabase();
let dataDir: string;

/** `npm run demo -- …` as the owner types it, against the test's database and DATA_DIR. */
function demoCli(...args: string[]) {
  return run(process.execPath, ["server/cli.js", "demo", ...args], {
    env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir },
  });
}

const refusal = (args: string[]) =>
  demoCli(...args).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "furnish-demo-cli-"));
  await seedSmallDemo(database.db, path.join(dataDir, "media"));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("npm run demo", () => {
  it("refuses anything but --remove, saying what it does not know, and removes nothing", async () => {
    for (const [args, message] of [
      [["--all"], "Unknown option '--all'."],
      [["remove"], "Unexpected argument 'remove'."],
      [["--remove=yes"], "Option '--remove' does not take an argument."],
      [[], "Nothing to do: say --remove to remove the demo catalogue."],
    ] as const) {
      const failure = await refusal([...args]);
      expect(failure, args.join(" ")).toMatchObject({ code: 2 });
      expect(failure!.stderr.split("\n").slice(0, 2)).toEqual([
        message,
        expect.stringMatching(/^Usage: npm run demo -- --remove/),
      ]);
    }
    expect(await database.db.$count(products)).toBe(SMALL_DEMO.products.length);
  }, 60_000);

  it("--remove removes the demo's items and pictures, prints what went, and leaves the owner's", async () => {
    const mediaDir = path.join(dataDir, "media");
    const ownPicture = await makeImage(database.db, mediaDir);
    await insertProduct(database.db, { name: "Owner's Iroko Bench", images: [ownPicture] });
    expect(await readdir(mediaDir)).toHaveLength(SMALL_DEMO_PICTURES + 1);

    const { stdout } = await demoCli("--remove");
    expect(stdout.trim()).toBe(
      `Removed the demo catalogue: ${SMALL_DEMO.products.length} products, 1 collection and 1 project, with ${SMALL_DEMO_PICTURES} pictures.`,
    );
    const left = await database.db.select({ name: products.name }).from(products);
    expect(left).toEqual([{ name: "Owner's Iroko Bench" }]);
    expect(await readdir(mediaDir)).toEqual([ownPicture.id]);
    expect(existsSync(path.join(mediaDir, ownPicture.id, `${ownPicture.widths[0]}.webp`))).toBe(true);

    const again = await demoCli("--remove");
    expect(again.stdout.trim()).toBe("No demo catalogue left to remove.");
  }, 60_000);
});
