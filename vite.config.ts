import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompress, constants } from "node:zlib";
import { promisify } from "node:util";
import { build, defineConfig, type Plugin } from "vite";

const brotli = promisify(brotliCompress);

/**
 * The browser's scripts and stylesheet, compressed once at build time with brotli's best
 * quality (a `.br` beside each file, served by server/plugins/web.ts): 10–15% fewer bytes
 * than compressing each response on the fly at the quality a streamed page can afford.
 */
function precompressAssets(): Plugin {
  return {
    name: "furnish-precompress-assets",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      const folder = path.join(options.dir ?? "", "assets");
      const files = (await readdir(folder).catch(() => [])).filter((name) => /\.(js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const source = await readFile(path.join(folder, name));
          const compressed = await brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          });
          await writeFile(path.join(folder, `${name}.br`), compressed);
        }),
      );
    },
  };
}

/**
 * What ships to shoppers follows one rule (docs/architecture.md, What ships to shoppers):
 * the modules the root route (web/root.tsx, the shell around every page) imports
 * statically, directly or through others, go in one "shell" chunk, since every page needs
 * them anyway — on HTTP/1.1 a phone opens about six connections, and a dozen small scripts
 * would queue behind each other. Every other module ships only with the routes (and the
 * lazy imports) that use it, as the bundler splits them. Nothing is placed by its folder or
 * its file name: admin code, the editor and the form schemas reach a shopper only if a
 * shopper's route imports them, which tests/e2e/bundle.e2e.ts checks.
 */
/**
 * An icon module: reachable from the root through the icon library's index, which names
 * every icon, so the walk would put the admin's icons in the shell too. Icons ship with
 * whatever uses them.
 */
const ICON = /\/lucide-react\/dist\/esm\/icons\//;

const shellModules = new WeakMap<object, Set<string>>();

type Graph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

function reachableFromRoot(graph: Graph, anyModule: string): Set<string> {
  const known = shellModules.get(graph);
  if (known) return known;
  const root = anyModule.replace(/[?#].*$/, "").endsWith("/web/root.tsx") ? anyModule : findRoot(graph, anyModule);
  // The root route is an entry of its own, found only from the modules it imports: until one
  // of those asks, nothing is known (and nothing is kept, or the shell would stay empty).
  if (!root) return new Set();
  const seen = new Set<string>();
  const queue = [root];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  shellModules.set(graph, seen);
  return seen;
}

/** The root route's module, found by walking up from any module to the entry that imports it. */
function findRoot(graph: Graph, from: string): string | undefined {
  const seen = new Set<string>();
  const queue = [from];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (seen.has(id)) continue;
    seen.add(id);
    if (id.replace(/[?#].*$/, "").endsWith("/web/root.tsx")) return id;
    const info = graph.getModuleInfo(id) as { importers?: string[]; dynamicImporters?: string[] } | null;
    queue.push(...(info?.importers ?? []), ...(info?.dynamicImporters ?? []));
  }
  return undefined;
}

/**
 * The service worker (web/sw/sw.ts) is its own script at /sw.js, bundled once the client
 * is written, with the build's id (from the names of the files it wrote, which change with
 * their contents) so each deploy keeps its offline page apart from the last one's.
 */
function serviceWorker(): Plugin {
  return {
    name: "furnish-service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(output, bundle) {
      const buildId = createHash("sha256").update(Object.keys(bundle).sort().join("\n")).digest("hex").slice(0, 12);
      await build({
        configFile: false,
        logLevel: "warn",
        define: { __BUILD_ID__: JSON.stringify(buildId), "process.env.NODE_ENV": JSON.stringify("production") },
        build: {
          outDir: output.dir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          lib: { entry: "web/sw/sw.ts", formats: ["iife"], name: "furnishWorker", fileName: () => "sw.js" },
        },
      });
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets(), serviceWorker()],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: (id: string, graph: Graph) =>
                    !ICON.test(id) && reachableFromRoot(graph, id).has(id) ? "shell" : null,
                },
              ],
            },
          },
        },
      },
    },
  },
});
