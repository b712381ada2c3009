import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { hydrateAfterFirstPaint } from "./hydrate-after-first-paint";

const NONCE = "bm9uY2Utb2YtdGhlLXBhZ2U=";
const BOOTSTRAP = `;
import * as route0 from "/assets/root-A1.js";
window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-B2.js");`;

/** The shape React Router and React render: preloads in the head, the bootstrap module in the body. */
const PAGE =
  `<!DOCTYPE html><html lang="en-NG"><head><meta charSet="utf-8"/>` +
  `<link rel="stylesheet" href="/assets/app-C3.css"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-B2.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/root-A1.js" nonce="${NONCE}"/>` +
  `<link rel="preload" as="image" href="/media/hero/1024.avif" fetchPriority="high"/>` +
  `</head><body><main><h1>Finish. Furnish. Flourish.</h1><p>₦2,860,000.00</p></main>` +
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${BOOTSTRAP}</script>` +
  `<!--$--><script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>`;

async function run(html: string, chunkSize: number, nonce: string | undefined, untilUsed = false): Promise<string> {
  const bytes = Buffer.from(html);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(hydrateAfterFirstPaint(nonce, { untilUsed })))
    out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("hydrateAfterFirstPaint", () => {
  it("takes the script preloads out of the head and parks the bootstrap, the rest unchanged", async () => {
    const html = await run(PAGE, PAGE.length, NONCE);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('<link rel="stylesheet" href="/assets/app-C3.css"/>');
    expect(head).toContain('fetchPriority="high"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain(`<script type="text/x-furnish-hydrate" id="furnish-hydrate">${BOOTSTRAP}</script>`);
    expect(html).toContain("<p>₦2,860,000.00</p>");
    expect(html).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
    expect(html.endsWith(`streamController.close();</script><!--/$--></body></html>`)).toBe(true);
  });

  it("starts the parked code after the first frame, after every preload, with the page's nonce", async () => {
    const html = await run(PAGE, PAGE.length, NONCE);
    const starter = html.slice(html.indexOf("</script>", html.indexOf("furnish-hydrate")) + "</script>".length);
    expect(starter.startsWith(`<script nonce="${NONCE}">`)).toBe(true);
    expect(starter).toContain('const hrefs = ["/assets/entry.client-B2.js","/assets/root-A1.js"]');
    // One preload a task, then the parked code.
    expect(starter).toContain("link.href = hrefs[from++]");
    expect(starter).toContain("return channel.port2.postMessage(null)");
    expect(starter).toContain('link.fetchPriority = "low"');
    expect(starter).toContain('new PerformanceObserver(start).observe({ type: "paint", buffered: true })');
    expect(starter.indexOf("furnish-hydrate")).toBeGreaterThan(-1);
  });

  it("gives the same page however the stream is cut, even inside a tag or a character", async () => {
    const whole = await run(PAGE, PAGE.length, NONCE);
    for (const size of [1, 2, 3, 5, 7, 16, 64, 333]) expect(await run(PAGE, size, NONCE)).toBe(whole);
  });

  it("writes no nonce attribute when there is no policy (development)", async () => {
    const html = await run(PAGE.replaceAll(` nonce="${NONCE}"`, ""), 50, undefined);
    expect(html).not.toContain("nonce=");
    expect(html).toContain("</script><script>(() => {");
  });

  it("in Data saver mode starts the parked code at the first use of a control outside any form, not at the paint", async () => {
    const html = await run(PAGE, PAGE.length, NONCE, true);
    const starter = html.slice(html.indexOf("</script>", html.indexOf("furnish-hydrate")) + "</script>".length);
    expect(starter).toContain("if (true) {");
    expect(starter).toContain('["pointerdown", "keydown"]');
    expect(starter).toContain('closest("form, summary, a[href]")');
    const usual = await run(PAGE, PAGE.length, NONCE);
    expect(usual).toContain("if (false) {");
  });
});
