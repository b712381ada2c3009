/**
 * Pictures made in the background (an import's pictures, every AVIF version) are encoded
 * in a process of their own at the lowest CPU priority (nice 19, or PICTURE_ENCODER_NICE).
 * On a two-core server a 49-megapixel picture holds a core for seconds; at that priority
 * the kernel gives a shopper's page and a sign-in's password check the CPU first, and the
 * encoder takes what nobody else wants (on an idle server, all of it). Pictures the owner
 * waits on (a form's upload) are encoded in the app itself, side by side.
 *
 * One process per instance, started with the first picture and ended after a minute with
 * nothing to do, so an instance that encodes nothing holds no memory for it. One picture
 * at a time; the others wait their turn. Should the process die mid-task (a picture too
 * much for it), that task fails and the next one starts a new process.
 *
 * `npm start` and the command-line tools run the encoder bundled beside their own bundle
 * (server/bundle.js); tests and `npm run dev` run encoder-process.ts through tsx.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { EncodedSizes } from "./image-encoding";

type Task =
  { kind: "sizes"; bytes: Uint8Array } | { kind: "avif"; source: Uint8Array; width: number; drawing: boolean };
export type EncoderTask = Task & { id: number };
export type EncoderAnswer =
  { id: number; ok: true; result: EncodedSizes | Uint8Array } | { id: number; ok: false; message: string };

/** How long the process waits for another picture before it ends. */
const IDLE_MS = 60_000;

const here = fileURLToPath(import.meta.url);
const bundled = here.endsWith(".js");
/**
 * What Node runs: the encoder of the bundles this code runs in (main-<hash>.encoder.js
 * beside main-<hash>.js or a tool's main-<hash>.<tool>.js, server/bundle.js), or this
 * folder's TypeScript.
 */
const entry = bundled
  ? [here.replace(/(\.[a-z]+)?\.js$/, ".encoder.js")]
  : ["--import", "tsx", path.join(path.dirname(here), "encoder-process.ts")];
/** Where it runs: `--import tsx` is looked for from there, so the checkout's root for TypeScript. */
const cwd = bundled ? path.dirname(here) : path.resolve(path.dirname(here), "../../..");

// Buffers cross the channel as plain byte arrays.
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

let child: ChildProcess | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
let queue: Promise<unknown> = Promise.resolve();

/**
 * How far below the app the encoder runs, from PICTURE_ENCODER_NICE: a whole number from 0
 * (the app's own priority) to 19 (the lowest, and the default), added to the app's nice
 * value by `nice -n`; null for anything else.
 */
export function encoderNice(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return 19;
  return /^\s*\d{1,2}\s*$/.test(value) && Number(value) <= 19 ? Number(value) : null;
}

function startProcess(): ChildProcess {
  const nice = encoderNice(process.env.PICTURE_ENCODER_NICE) ?? 19;
  const started = spawn("nice", ["-n", String(nice), process.execPath, ...entry], {
    cwd,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    serialization: "advanced",
  });
  // Neither the process nor, while it waits, its channel keeps the app running.
  started.unref();
  const forget = () => {
    if (child === started) child = null;
  };
  started.once("exit", forget);
  started.once("error", forget);
  return started;
}

function send(task: Task): Promise<unknown> {
  clearTimeout(idleTimer);
  const proc = (child ??= startProcess());
  proc.channel?.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error: Error | null, result?: unknown) => {
      if (settled) return;
      settled = true;
      proc.off("message", onMessage);
      proc.off("exit", onExit);
      proc.off("error", onError);
      proc.channel?.unref();
      idleTimer = setTimeout(() => {
        if (child === proc) child = null;
        proc.kill();
      }, IDLE_MS).unref();
      if (error) reject(error);
      else resolve(result);
    };
    const onMessage = (answer: EncoderAnswer) => {
      if (answer.id !== id) return;
      if (answer.ok) settle(null, answer.result);
      else settle(new Error(answer.message));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      settle(new Error(`the picture encoder stopped (${signal ?? `exit ${code}`})`));
    const onError = (error: Error) => settle(error);
    proc.on("message", onMessage);
    proc.on("exit", onExit);
    proc.on("error", onError);
    proc.send({ ...task, id }, (error) => {
      if (error) settle(error);
    });
  });
}

/** Tasks run one after another, each once the one before has settled. */
function run(task: Task): Promise<unknown> {
  const turn = queue.then(() => send(task));
  queue = turn.catch(() => {});
  return turn;
}

/** A picture's stored sizes and colour, encoded one size at a time; rejects when it cannot be decoded. */
export async function encodeSizesInBackground(bytes: Buffer): Promise<EncodedSizes> {
  const sizes = (await run({ kind: "sizes", bytes })) as EncodedSizes;
  return { ...sizes, files: sizes.files.map(([name, file]) => [name, bufferOf(file)]) };
}

/** The AVIF version of a stored picture at one width, made from its largest WebP (encodeAvif). */
export async function encodeAvifInBackground(source: Buffer, width: number, drawing: boolean): Promise<Buffer> {
  return bufferOf((await run({ kind: "avif", source, width, drawing })) as Uint8Array);
}
