/**
 * Pictures in an S3-compatible bucket (AWS S3, Cloudflare R2, DigitalOcean Spaces, MinIO),
 * so every instance of the shop reads and writes one library. Credentials come from the
 * SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance
 * role). Every call has a time limit; a bucket that does not answer, or refuses, becomes a
 * MediaStorageUnavailableError (503), logged without keys or stack.
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Readable } from "node:stream";
import { contentTypeOf, isSafeKey, MediaStorageUnavailableError, type MediaStorage } from "./media-storage";

export interface S3Settings {
  bucket: string;
  region?: string | undefined;
  /** For servers other than AWS: "https://<account>.r2.cloudflarestorage.com", "http://127.0.0.1:9000". */
  endpoint?: string | undefined;
  /** Bucket in the path ("/bucket/key") rather than the host name: MinIO and most local servers. */
  forcePathStyle?: boolean | undefined;
  /** Pictures are linked from here (the bucket's public address or a CDN) instead of /media/. */
  publicUrl?: string | undefined;
}

interface Log {
  warn(details: object, message: string): void;
}

/** A whole call, retries included; a stalled bucket must not hold a request for long. */
const CALL_TIMEOUT_MS = 15_000;
const CONNECT_TIMEOUT_MS = 3_000;
/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;
/** Pictures never change under their name. */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

export function createS3Storage(settings: S3Settings, log: Log): MediaStorage {
  const client = new S3Client({
    region: settings.region ?? "us-east-1",
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle ?? false,
    // S3-compatible servers do not all take the CRC32 checksums recent SDKs add by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: CALL_TIMEOUT_MS },
  });
  const Bucket = settings.bucket;

  /** Runs one call within the time limit; anything but "not found" becomes a 503. */
  async function call<T>(what: string, send: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await send(AbortSignal.timeout(CALL_TIMEOUT_MS));
    } catch (error) {
      if (isNotFound(error)) throw error;
      const name = error instanceof Error ? error.name : "Error";
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      log.warn({ err: { type: name, status }, bucket: Bucket, call: what }, "picture store call failed");
      throw new MediaStorageUnavailableError();
    }
  }

  async function* list(prefix = ""): AsyncGenerator<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await call("list", (abortSignal) =>
        client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken: token }), {
          abortSignal,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: item.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function get(key: string) {
    if (!isSafeKey(key)) return null;
    try {
      const answer = await call("get", (abortSignal) =>
        client.send(new GetObjectCommand({ Bucket, Key: key }), { abortSignal }),
      );
      if (!(answer.Body instanceof Readable)) throw new MediaStorageUnavailableError();
      return {
        body: answer.Body,
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? contentTypeOf(key),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    kind: "s3",
    publicUrl: settings.publicUrl?.replace(/\/+$/, "") ?? null,
    async put(key, body) {
      if (!isSafeKey(key)) throw new Error("invalid media key");
      await call("put", (abortSignal) =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: contentTypeOf(key),
            CacheControl: CACHE_CONTROL,
          }),
          { abortSignal },
        ),
      );
    },
    get,
    async read(key) {
      const object = await get(key);
      if (!object) return null;
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of object.body) chunks.push(chunk as Buffer);
      } catch {
        throw new MediaStorageUnavailableError();
      }
      return Buffer.concat(chunks);
    },
    async size(key) {
      if (!isSafeKey(key)) return null;
      try {
        const head = await call("head", (abortSignal) =>
          client.send(new HeadObjectCommand({ Bucket, Key: key }), { abortSignal }),
        );
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async deletePrefixes(prefixes) {
      const keys: string[] = [];
      for (const prefix of prefixes) {
        if (!isSafeKey(prefix.replace(/\/$/, ""))) continue;
        for await (const item of list(prefix)) keys.push(item.key);
      }
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const Objects = keys.slice(start, start + DELETE_BATCH).map((Key) => ({ Key }));
        await call("delete", (abortSignal) =>
          client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }), { abortSignal }),
        );
      }
    },
    list,
  };
}
