import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";

export const WEB_BUILD_DIR = path.resolve("build");

/** `npm start` on a fresh clone builds the pages once; later starts reuse the build. */
export async function buildWebIfMissing(logger: Logger): Promise<void> {
  if (existsSync(path.join(WEB_BUILD_DIR, "server", "index.js"))) return;
  logger.info("No web build yet: building once (npm run build)");
  await new Promise<void>((resolve, reject) => {
    const child = spawn("npx", ["react-router", "build"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`The web build failed (exit code ${code}).`)),
    );
  });
}
