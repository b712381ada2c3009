/**
 * The background encoder's own process: background-encoder.ts starts it at the lowest CPU
 * priority and sends it one picture at a time over Node's IPC channel. It answers each
 * task with the files made, or with why they could not be, and ends with its parent.
 */
import { encodeAvif, encodeSizes } from "./image-encoding";
import type { EncoderAnswer, EncoderTask } from "./background-encoder";

const send = (answer: EncoderAnswer) => process.send?.(answer);
// Buffers cross the channel as plain byte arrays.
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

process.on("message", (task: EncoderTask) => {
  const work =
    task.kind === "sizes"
      ? encodeSizes(bufferOf(task.bytes), { oneAtATime: true })
      : encodeAvif(bufferOf(task.source), task.width, { drawing: task.drawing });
  work.then(
    (result) => send({ id: task.id, ok: true, result }),
    (error: unknown) =>
      send({ id: task.id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
process.on("disconnect", () => process.exit(0));
