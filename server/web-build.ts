import { spawn } from "node:child_process";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";

export const WEB_BUILD_DIR = path.resolve("build");

/** What the pages are built from, relative to the checkout. Tests beside the code are not. */
const WEB_SOURCES = ["web", "domain", "public", "vite.config.ts", "react-router.config.ts"];
const TEST_FILE = /\.test\.tsx?$/;

/**
 * Why the build in `buildDir` no longer matches the sources in `root`: missing, or some
 * source file or folder changed after it was made (a folder changes when a file in it is
 * added, removed or renamed). Null when it is up to date.
 */
export async function whyRebuildWeb(root: string, buildDir: string): Promise<string | null> {
  const built = await stat(path.join(buildDir, "server", "index.js")).catch(() => null);
  if (!built) return "no build yet";
  for (const source of WEB_SOURCES) {
    const changed = await findChangedSince(path.join(root, source), built.mtimeMs);
    if (changed) return `${path.relative(root, changed)} changed since the last build`;
  }
  return null;
}

async function findChangedSince(file: string, time: number): Promise<string | null> {
  const info = await stat(file).catch(() => null);
  if (!info) return null;
  if (info.mtimeMs > time) return file;
  if (!info.isDirectory()) return null;
  for (const entry of await readdir(file, { recursive: true, withFileTypes: true })) {
    if (TEST_FILE.test(entry.name)) continue;
    const entryPath = path.join(entry.parentPath, entry.name);
    const entryInfo = await stat(entryPath).catch(() => null);
    if (entryInfo && entryInfo.mtimeMs > time) return entryPath;
  }
  return null;
}

/**
 * `npm start` builds the pages when there is no build yet or the sources changed since
 * (a `git pull`, an edit), and reuses the build otherwise. The build's own hundred lines
 * appear only when it fails.
 */
export async function buildWebIfStale(logger: Logger): Promise<void> {
  const reason = await whyRebuildWeb(process.cwd(), WEB_BUILD_DIR);
  if (!reason) return;
  logger.info(`Building the pages (${reason})…`);
  const started = Date.now();
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn("npx", ["react-router", "build"], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
  if (code !== 0) {
    process.stderr.write(output);
    throw new Error(`The web build failed (exit code ${code}); its output is above.`);
  }
  logger.info(`Pages built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
