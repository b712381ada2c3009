import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Two test files at a time on our 2-core machine (Vitest's own default there is one):
    // most integration files spend their time waiting on PostgreSQL or on a process they
    // started (`npm start`, the backup CLI, nginx…), and a second file fills that wait.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          // Pure rules of domain/ and the browser's stores (web/features), without a DOM;
          // one module load per worker, as below.
          include: ["domain/**/*.test.ts", "web/**/*.test.ts"],
          environment: "node",
          isolate: false,
        },
      },
      {
        test: {
          name: "integration",
          include: ["server/**/*.test.ts"],
          environment: "node",
          // Each worker loads the app's modules (Fastify, Drizzle, sharp, the pages' build…)
          // once for all the files it runs, not once per file, which took longer than most
          // files' tests. Each file still gets its own app and database
          // (tests/support/test-app.ts); no module keeps anything a file changes, and the one
          // test that stubs something (console.error) puts it back.
          isolate: false,
          // One PostgreSQL server per run; each test file gets a fresh database.
          globalSetup: ["tests/support/database-server.ts"],
          // The background picture encoder one notch below the tests' own processes, not at
          // the shop's 19: beside Vitest's workers, the type check and the linter it got
          // almost no processor, and a test waiting for an AVIF timed out.
          env: { PICTURE_ENCODER_NICE: "1" },
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
