import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "web",
  buildDirectory: "build",
  ssr: true,
  // Every route's manifest entry comes with the page. The default ("lazy") fetched the
  // entries of the links on screen after hydration and then re-rendered the whole page to
  // add them: a second full render on every first visit, as long as hydration itself.
  routeDiscovery: { mode: "initial" },
  // Adopted early so the move to v8 is boring. v8_middleware is left off: it replaces the
  // typed load context the server hands to loaders (docs/decisions/0001).
  future: {
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_splitRouteModules: true,
  },
} satisfies Config;
