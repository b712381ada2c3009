/**
 * When `npm start` rebuilds the pages: with no build, or when a source changed after the
 * build was made. The build itself is not run here (the integration setup makes one).
 */
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { whyRebuildWeb } from "./web-build";

let root: string;
let buildDir: string;
const BUILT_AT = new Date("2026-11-20T10:00:00Z");
const BEFORE = new Date("2026-11-20T09:00:00Z");
const AFTER = new Date("2026-11-20T11:00:00Z");

async function write(file: string, when: Date) {
  const full = path.join(root, file);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, "x");
  await utimes(full, when, when);
}

/** Every folder as it was before the build, as after a checkout that was then built. */
async function ageFolders() {
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) await utimes(path.join(entry.parentPath, entry.name), BEFORE, BEFORE);
  }
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "furnish-web-build-"));
  buildDir = path.join(root, "build");
  await write("web/routes/home.tsx", BEFORE);
  await write("domain/money.ts", BEFORE);
  await write("domain/money.test.ts", BEFORE);
  await write("public/favicon.svg", BEFORE);
  await write("vite.config.ts", BEFORE);
  await write("build/server/index.js", BUILT_AT);
  await ageFolders();
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("whether npm start rebuilds the pages", () => {
  it("keeps a build newer than every source", async () => {
    expect(await whyRebuildWeb(root, buildDir)).toBeNull();
  });

  it("builds when there is no build yet", async () => {
    await rm(buildDir, { recursive: true });
    expect(await whyRebuildWeb(root, buildDir)).toBe("no build yet");
  });

  it("rebuilds when a page, a shared rule, a public file or the bundler's config changed since", async () => {
    for (const file of ["web/routes/home.tsx", "domain/money.ts", "public/favicon.svg", "vite.config.ts"]) {
      await utimes(path.join(root, file), AFTER, AFTER);
      expect(await whyRebuildWeb(root, buildDir)).toBe(`${file} changed since the last build`);
      await utimes(path.join(root, file), BEFORE, BEFORE);
    }
  });

  it("rebuilds when a source file is added or removed", async () => {
    await rm(path.join(root, "domain/money.ts"));
    expect(await whyRebuildWeb(root, buildDir)).toBe("domain changed since the last build");
    await ageFolders();
    await write("web/routes/new-page.tsx", BEFORE);
    expect(await whyRebuildWeb(root, buildDir)).toBe("web/routes changed since the last build");
  });

  it("does not rebuild for a changed test file", async () => {
    await utimes(path.join(root, "domain/money.test.ts"), AFTER, AFTER);
    expect(await whyRebuildWeb(root, buildDir)).toBeNull();
  });
});
