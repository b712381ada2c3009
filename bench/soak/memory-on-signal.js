/**
 * Loaded into the app by npm run bench:soak only (`--expose-gc --import`): on SIGUSR2 the
 * app collects its garbage and prints one line, `{"benchMemory":{"heapMb":…,"rssMb":…}}`,
 * on its standard output beside its logs, so the bench reads the heap that is really
 * held (heap after a full collection) and the resident memory at the same moment.
 * Plain JavaScript: the app `npm start` runs is a bundle, run without a TypeScript loader.
 */
import process from "node:process";

const collect = globalThis.gc;
if (!collect) throw new Error("memory-on-signal needs node --expose-gc");

process.on("SIGUSR2", () => {
  // Twice: the first collection's finalizers can free more for the second.
  collect();
  collect();
  const { heapUsed, rss } = process.memoryUsage();
  const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  process.stdout.write(`${JSON.stringify({ benchMemory: { heapMb: mb(heapUsed), rssMb: mb(rss) } })}\n`);
});
