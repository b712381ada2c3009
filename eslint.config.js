import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Import boundaries: domain imports neither server nor web, and web never imports server. */
const localeData = "Pages format numbers and dates with domain/numbers.ts and domain/dates.ts, not Intl.";
const forbid = (...rules) => ({ "no-restricted-imports": ["error", { patterns: rules }] });
// The top folders are always reached with ../, so these match them and nothing else.
const serverImport = { regex: "^(\\.\\./)+server(/|$)", message: "Only server code imports server code." };
const parentData =
  "Read the root's data with useRootData (web/lib/root-data.ts), the admin panel's with useAdminFrame.";
const webImport = { regex: "^(\\.\\./)+web(/|$)", message: "Only web code imports web code." };

/**
 * The web side's one-way imports (docs/architecture.md, Web layering): routes (with root.tsx
 * and entry.server.tsx) → components → features → lib. Each zone names who may not import
 * whom. sw/ is the service worker's own bundle: it imports no page code, and only
 * features and routes (which register it or share its cache names) import it.
 */
const ROUTES = ["web/routes", "web/root.tsx", "web/entry.server.tsx", "web/routes.ts"];
const layer = (target, from, message) => ({ target, from, message });
const webZones = [
  layer("web/lib", ["web/features", "web/components", "web/sw", ...ROUTES], "web/lib imports only web/lib."),
  layer("web/features", ["web/components", ...ROUTES], "web/features imports only features and lib."),
  layer("web/components", ["web/sw", ...ROUTES], "web/components imports components, features and lib, never routes."),
  layer("web/sw", ["web/lib", "web/features", "web/components", ...ROUTES], "The service worker imports no page code."),
];

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
    files: ["**/*.{ts,tsx,js}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })],
    },
    rules: {
      // Value imports only (type imports vanish at run time); a package's own cycles are not ours.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: webZones }],
    },
  },
  {
    files: ["web/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "FunctionDeclaration[id.name='action'] CallExpression[callee.name='data']",
          message: "An action answers with actionAnswer (web/lib/page-actions.server.ts), or redirects.",
        },
      ],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A page's first Intl format loads the browser's locale data: a tenth of a second on a
    // phone, as the page comes to life (domain/numbers.ts writes numbers instead).
    files: ["web/**/*.{ts,tsx}", "domain/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-globals": ["error", { name: "Intl", message: localeData }],
      "no-restricted-properties": [
        "error",
        ...["toLocaleString", "toLocaleDateString", "toLocaleTimeString"].map((property) => ({
          property,
          message: localeData,
        })),
      ],
    },
  },
  {
    files: ["domain/**/*.ts"],
    rules: forbid(serverImport, webImport, {
      regex: "^(node:|react|fastify|drizzle|pg$|sharp)",
      message: "domain/ holds rules only: no I/O, no React, no Node-only APIs.",
    }),
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    ignores: ["web/lib/root-data.ts", "web/features/admin/admin-frame.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [serverImport],
          paths: [{ name: "react-router", importNames: ["useRouteLoaderData"], message: parentData }],
        },
      ],
    },
  },
  { files: ["web/lib/root-data.ts", "web/features/admin/admin-frame.ts"], rules: forbid(serverImport) },
  {
    files: ["server/**/*.ts"],
    ignores: ["server/plugins/web.ts", "server/plugins/web.test.ts"],
    rules: forbid(webImport, {
      regex: "^react",
      message: "Only server/plugins/web.ts (and its test) touches React (Router).",
    }),
  },
);
