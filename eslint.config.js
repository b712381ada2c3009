import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Import boundaries: domain imports neither server nor web, and web never imports server. */
const forbid = (...rules) => ({ "no-restricted-imports": ["error", { patterns: rules }] });
// The top folders are always reached with ../, so these match them and nothing else.
const serverImport = { regex: "^(\\.\\./)+server(/|$)", message: "Only server code imports server code." };
const webImport = { regex: "^(\\.\\./)+web(/|$)", message: "Only web code imports web code." };

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "scratch/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["domain/**/*.ts"],
    rules: forbid(serverImport, webImport, {
      regex: "^(node:|react|fastify|drizzle|pg$|sharp)",
      message: "domain/ holds rules only: no I/O, no React, no Node-only APIs.",
    }),
  },
  { files: ["web/**/*.{ts,tsx}"], rules: forbid(serverImport) },
  {
    files: ["server/**/*.ts"],
    ignores: ["server/plugins/web.ts", "server/plugins/web.test.ts"],
    rules: forbid(webImport, {
      regex: "^react",
      message: "Only server/plugins/web.ts (and its test) touches React (Router).",
    }),
  },
);
