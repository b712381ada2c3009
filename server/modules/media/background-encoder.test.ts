import { readdir, readFile } from "node:fs/promises";
import { getPriority } from "node:os";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { encodeAvifInBackground, encodeSizesInBackground, encoderNice } from "./background-encoder";
import { encodeSizes } from "./image-encoding";

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#8a4f33" } })
    .png()
    .toBuffer();

/** The encoder's process (a child of this one), with the nice value of each of its threads. */
async function encoderProcess(): Promise<{ pid: number; nice: number[] } | null> {
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    // Fields after the command's name: state is the first, the parent's pid the second.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[1]) !== process.pid || !cmdline.includes("encoder-process")) continue;
    const nice: number[] = [];
    for (const thread of await readdir(`/proc/${entry}/task`)) {
      const threadStat = await readFile(`/proc/${entry}/task/${thread}/stat`, "utf8").catch(() => "");
      // nice is the 19th field of the whole line, the 17th after the name.
      if (threadStat) nice.push(Number(threadStat.slice(threadStat.lastIndexOf(")") + 2).split(" ")[16]));
    }
    return { pid: Number(entry), nice };
  }
  return null;
}

describe("the background encoder", () => {
  // The tests run it one notch below their own processes (vitest.config.ts), the shop at 19:
  // either way every thread of its own is at that priority, not the app's.
  it("makes the same sizes as the app itself, in a process of its own whose every thread runs at the encoder's priority", async () => {
    const bytes = await picture(2000, 1500);
    const [background, inApp] = await Promise.all([
      encodeSizesInBackground(bytes),
      encodeSizes(bytes, { oneAtATime: false }),
    ]);
    expect(background).toMatchObject({ width: 1600, height: 1200, colour: inApp.colour, widths: inApp.widths });
    expect(background.files.map(([name]) => name)).toEqual(inApp.files.map(([name]) => name));
    for (const [name, file] of background.files) {
      expect(Buffer.isBuffer(file)).toBe(true);
      const { width, format } = await sharp(file).metadata();
      expect(`${width}.${format === "jpeg" ? "jpg" : format}`).toBe(name);
    }
    const avif = await encodeAvifInBackground(background.files.find(([name]) => name === "1600.webp")![1], 480, false);
    expect(await sharp(avif).metadata()).toMatchObject({ format: "heif", compression: "av1", width: 480 });

    const encoder = await encoderProcess();
    expect(encoder?.nice.length).toBeGreaterThan(1);
    // `nice -n` adds to this process's own value, up to 19.
    const expected = Math.min(19, getPriority() + encoderNice(process.env.PICTURE_ENCODER_NICE)!);
    expect(new Set(encoder?.nice)).toEqual(new Set([expected]));
  });

  it("refuses bytes it cannot decode and goes on with the next picture", async () => {
    await expect(encodeSizesInBackground(Buffer.from("not a picture at all"))).rejects.toThrow();
    await expect(encodeSizesInBackground(await picture(400, 300))).resolves.toMatchObject({ width: 400 });
  });

  it("fails the picture in hand when its process dies, and starts a new one for the next", async () => {
    const big = await picture(7000, 7000);
    const dying = encodeSizesInBackground(big);
    const rejected = expect(dying).rejects.toThrow("the picture encoder stopped (SIGKILL)");
    let encoder: Awaited<ReturnType<typeof encoderProcess>> = null;
    await expect.poll(async () => (encoder = await encoderProcess())).not.toBeNull();
    process.kill(encoder!.pid, "SIGKILL");
    await rejected;
    await expect(encodeSizesInBackground(await picture(400, 300))).resolves.toMatchObject({ width: 400 });
    expect((await encoderProcess())?.pid).not.toBe(encoder!.pid);
  });

  it("encodes one picture at a time: a small one asked for after a large one waits for it", async () => {
    const [large, small] = await Promise.all([picture(7000, 7000), picture(300, 300)]);
    const finished: number[] = [];
    const results = await Promise.all(
      [large, small].map((bytes) =>
        encodeSizesInBackground(bytes).then((sizes) => (finished.push(sizes.width), sizes)),
      ),
    );
    expect(results.map((result) => result.width)).toEqual([1600, 300]);
    expect(finished).toEqual([1600, 300]);
  });
});
