/**
 * npm run bench:suite — how long `npm test` takes on a fresh clone, as CI runs it: the
 * committed HEAD cloned into a temporary folder, its packages installed (not timed), then
 * `npm test` timed with CI=1; `BENCH_RUNS` (default 3) times in a row, each on a clone of
 * its own, so no run reuses another's build, server bundle or caches in the checkout.
 * The budget (bench/budgets.ts) holds every run, and every run must pass. The environment
 * is passed on: set TEST_DATABASE_URL, TEST_REDIS_EXPECTED and TEST_DEPLOY_TOOLS_EXPECTED
 * as .ci/run does to measure what CI runs. Uncommitted changes are not measured. Writes
 * the figures to bench/results/.
 */
import { spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { BUDGET } from "../budgets";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const checkout = process.cwd();

/** Runs a command to its end; resolves with its exit code. Its output goes to `log` or is shown. */
function run(command: string, args: string[], cwd: string, log?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, CI: "1" },
      stdio: log ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (log) {
      const chunks: Buffer[] = [];
      child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
      child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
      child.on("close", () => void writeFile(log, Buffer.concat(chunks)));
    }
    child.on("error", reject);
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

const results: { run: number; seconds: number; passed: boolean; loadBefore: string; loadAfter: string }[] = [];
await mkdir("bench/results", { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
for (let index = 1; index <= RUNS; index += 1) {
  const folder = await mkdtemp(path.join(tmpdir(), "furnish-suite-"));
  try {
    // As root, the tests' PostgreSQL and `npm start` as an ordinary user read this clone's
    // packages: they must be able to enter the folder.
    await chmod(folder, 0o755);
    if ((await run("git", ["clone", "--quiet", "--no-hardlinks", checkout, folder], checkout)) !== 0)
      throw new Error("git clone failed");
    if ((await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], folder)) !== 0)
      throw new Error("npm install failed");
    const loadBefore = load();
    const started = performance.now();
    const log = path.resolve(`bench/results/suite-${stamp}-run${index}.log`);
    const code = await run("npm", ["test"], folder, log);
    const seconds = Math.round((performance.now() - started) / 1000);
    results.push({ run: index, seconds, passed: code === 0, loadBefore, loadAfter: load() });
    console.log(
      `run ${index}: ${seconds} s, ${code === 0 ? "passed" : `FAILED (exit ${code}; ${log})`}, load ${loadBefore} before`,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const within = results.every(({ seconds, passed }) => passed && seconds <= BUDGET.npmTestS);
console.log(
  `\n${cpus().length} CPUs. npm test on a fresh clone: ${results.map(({ seconds }) => `${seconds} s`).join(", ")} ` +
    `(budget ${BUDGET.npmTestS} s for each, every test passing): ${within ? "within" : "OVER"} budget.`,
);
const file = `bench/results/suite-${stamp}.json`;
await writeFile(file, JSON.stringify({ cpus: cpus().length, results }, null, 2));
console.log(`Written to ${file}`);
process.exitCode = within ? 0 : 1;
