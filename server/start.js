/**
 * `npm start`: the server as one bundle of its own code, run by plain Node.
 *
 * The server is TypeScript. Compiled module by module as it loads (tsx, which `npm run
 * dev`, the command-line tools and the tests use), an instance holds the compiler's
 * caches and source maps for its whole life: about 70 MB more memory and several seconds
 * more to start. So `npm start` first bundles `server/main.ts` and what it imports from
 * `server/` and `domain/` into `build/app/` with esbuild (packages stay imports of
 * node_modules), then runs the bundle. Bundling takes well under a second, so it is done
 * at every start and the bundle never lags behind the sources. Each start writes a file
 * named by its contents, beside any other instance's, so instances starting together on
 * one checkout never read a half-written bundle.
 *
 * Plain JavaScript, so that it runs before anything is compiled.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.join(root, "build", "app");

const result = await build({
  entryPoints: [path.join(root, "server", "main.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // Readable stack traces: names are kept, and each module's code follows a comment naming its file.
  minify: false,
  write: false,
  logLevel: "error",
});
const code = result.outputFiles[0].contents;
const bundle = path.join(outDir, `main-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.js`);
await mkdir(outDir, { recursive: true });
const partial = `${bundle}.${process.pid}.part`;
await writeFile(partial, code);
await rename(partial, bundle);
// Earlier starts' bundles go once they are a minute old: any instance that started from one has read it by then.
for (const name of await readdir(outDir)) {
  const file = path.join(outDir, name);
  if (file === bundle) continue;
  const info = await stat(file).catch(() => null);
  if (info && Date.now() - info.mtimeMs > 60_000) await rm(file, { force: true });
}
await import(pathToFileURL(bundle).href);
