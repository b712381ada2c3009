import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          // Pure rules of domain/ and the browser's stores (web/features), without a DOM.
          include: ["domain/**/*.test.ts", "web/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["server/**/*.test.ts"],
          environment: "node",
          // One PostgreSQL server per run; each test file gets a fresh database.
          globalSetup: ["tests/support/database-server.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
