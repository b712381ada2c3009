/** The media storage the environment asks for: the bucket when S3_BUCKET is set, else DATA_DIR/media. */
import type { Env } from "../../../env";
import { createLocalStorage } from "./local-storage";
import type { MediaStorage } from "./media-storage";
import { createS3Storage, type S3Settings } from "./s3-storage";

type S3Env = Pick<Env, "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_FORCE_PATH_STYLE" | "S3_PUBLIC_URL">;

export function s3SettingsFromEnv(env: S3Env): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicUrl: env.S3_PUBLIC_URL,
  };
}

export function createConfiguredStorage(
  { s3, mediaDir }: { s3: S3Settings | undefined; mediaDir: string },
  log: { warn(details: object, message: string): void },
): MediaStorage {
  return s3 ? createS3Storage(s3, log) : createLocalStorage(mediaDir);
}
