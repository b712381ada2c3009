import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * The page's scripts start after its first paint. React Router preloads its hydration
 * code from the head and starts it from a module script in the body, so 140 KB of
 * scripts load alongside the stylesheet and the hero picture the shopper is waiting
 * for, and Lighthouse counts them as needed for the largest paint. Here the head loses
 * those preloads and the module script is parked as inert text (same code, untouched);
 * a small script right after it, once the browser reports the first paint, adds the
 * preloads back (low priority, one per task, each request under way before the code
 * asks for it, so nothing loads one after another) and runs the parked code as a module. The rest of the page streams through untouched.
 * It listens for the paint rather than timing a frame, so pages under a test's paused
 * clock still come to life.
 *
 * In Data saver mode (`untilUsed`) the scripts wait longer: until the shopper first uses a
 * control only scripts can answer (a button or field outside any form: a gallery's arrows,
 * a share button). Links, forms and disclosures work as the server sent them, so a
 * shopper who only browses and orders never downloads the scripts (docs/product.md,
 * Data saver).
 */
export function hydrateAfterFirstPaint(nonce: string | undefined, { untilUsed = false } = {}): Transform {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  let held = "";
  let stage: "head" | "body" | "done" = "head";
  const preloads: string[] = [];

  /** Rewrites what can be rewritten in `held`; returns what may be sent on now. */
  function advance(): string {
    let out = "";
    if (stage === "head") {
      const end = held.indexOf("</head>");
      if (end === -1) return out;
      const head = held.slice(0, end).replaceAll(MODULE_PRELOAD, (_tag, href: string) => {
        preloads.push(href);
        return "";
      });
      out += head;
      held = held.slice(end);
      stage = "body";
    }
    if (stage === "body") {
      const open = held.indexOf(BOOTSTRAP_OPEN);
      if (open === -1) {
        // A tag still open at the end may be the bootstrap's, split between chunks: keep it.
        const lastTag = held.lastIndexOf("<");
        const keep = lastTag !== -1 && !held.includes(">", lastTag) ? lastTag : held.length;
        out += held.slice(0, keep);
        held = held.slice(keep);
        return out;
      }
      const close = held.indexOf("</script>", open);
      if (close === -1) return out;
      const tagStart = held.lastIndexOf("<script", open);
      const code = held.slice(open + BOOTSTRAP_OPEN.length, close);
      out +=
        held.slice(0, tagStart) +
        `<script type="${PARKED_TYPE}" id="${PARKED_ID}">${code}</script>` +
        `<script${nonceAttribute}>${starter(preloads, untilUsed)}</script>`;
      held = held.slice(close + "</script>".length);
      stage = "done";
    }
    out += held;
    held = "";
    return out;
  }

  // Decoded as text throughout, so a character split between two chunks stays whole.
  const decoder = new StringDecoder("utf8");
  const send = (text: string) => (text ? Buffer.from(text) : undefined);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.write(chunk);
      if (stage === "done") return callback(null, send(text));
      held += text;
      callback(null, send(advance()));
    },
    flush(callback) {
      callback(null, send(held + decoder.end()));
    },
  });
}

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
/** The end of the opening tag of React Router's bootstrap module (its nonce comes before). */
const BOOTSTRAP_OPEN = ' type="module" async="">';
const PARKED_TYPE = "text/x-furnish-hydrate";
const PARKED_ID = "furnish-hydrate";

function starter(preloads: string[], untilUsed: boolean): string {
  return `(() => {
  const nonce = document.currentScript.nonce;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const hrefs = ${JSON.stringify(preloads).replaceAll("<", "\\u003c")};
    let from = 0;
    // One preload a task: each starts a request, which took 1 to 8 ms of the main thread
    // here, so a home page's 28 at once made a long task just after the first paint. The
    // next one waits on a message, not a timer, which a test's paused clock would hold.
    const channel = new MessageChannel();
    const next = () => {
      if (from < hrefs.length) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.fetchPriority = "low";
        link.href = hrefs[from++];
        document.head.append(link);
        return channel.port2.postMessage(null);
      }
      channel.port1.close();
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = nonce;
      script.textContent = document.getElementById("${PARKED_ID}").textContent;
      document.body.append(script);
    };
    channel.port1.onmessage = next;
    next();
  };
  if (${untilUsed}) {
    const events = ["pointerdown", "keydown"];
    const onUse = (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.closest("button, input, select, textarea") || target.closest("form, summary, a[href]")) return;
      events.forEach((name) => removeEventListener(name, onUse, true));
      start();
    };
    events.forEach((name) => addEventListener(name, onUse, true));
  } else if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    start();
  } else {
    new PerformanceObserver(start).observe({ type: "paint", buffered: true });
    // A tab sent to the background before its first paint never reports one.
    setTimeout(start, 3000);
  }
})();`;
}
