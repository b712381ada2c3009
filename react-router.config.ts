import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "web",
  buildDirectory: "build",
  ssr: true,
  // Adopted early so the move to v8 is boring. v8_middleware is left off: it replaces the
  // typed load context the server hands to loaders (docs/decisions/0001).
  future: {
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_splitRouteModules: true,
  },
} satisfies Config;
