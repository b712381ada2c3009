/**
 * The short notices a page shows after a save (a success lives 2 s, then fades and goes;
 * the others 4 s; toasts the same), checked as a shopper or an owner sees them: each one
 * that appeared on screen, however briefly.
 *
 * Checked by polling alone, such a notice can be missed on a busy machine: the page may be
 * too busy to answer the check until the notice has already gone. So the pages of the
 * journeys that use `test` from here record, from the page's first byte, the text of every
 * notice (`role="status"` or `"alert"`) as it appears with a box on the page, and
 * `expectNotice` takes one such record. A page without scripts records nothing (Playwright
 * puts the recorder there, but its observer is never called), and nothing removes its notice
 * either: the browser fades it out and hides it, and it stays in the page, where it is checked.
 */
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

/** A notice as a page recorded it: its text, and its top in CSS pixels from the window's. */
interface Notice {
  text: string;
  top: number;
}

/** The records' name on the page's window. */
const RECORDS = "__e2eNotices";

/** Makes every page of `context` record the notices it shows. */
async function recordNotices(context: BrowserContext) {
  await context.addInitScript((records) => {
    const shown: Notice[] = [];
    // `observing` turns true once the page runs scripts at all.
    const state = { shown, observing: false };
    Object.defineProperty(window, records, { value: state });
    queueMicrotask(() => (state.observing = true));
    const lastText = new WeakMap<Element, string>();
    const look = () => {
      for (const notice of document.querySelectorAll('[role="status"], [role="alert"]')) {
        const text = (notice.textContent ?? "").replace(/\s+/g, " ").trim();
        if (!text || lastText.get(notice) === text) continue;
        // Laid out on the page: not `display: none`, nor inside something that is.
        const box = notice.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        lastText.set(notice, text);
        shown.push({ text, top: box.top });
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  }, RECORDS);
}

/**
 * Playwright's `test`, every context of its browser recording notices: the test's own
 * context and those a journey opens itself (a second person, a page without scripts),
 * which `browser.newContext` and `browser.newPage` make.
 */
export const test = base.extend({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await recordNotices(context);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
});

/**
 * Expects a notice holding `text` (or matching it) to have appeared on `page`, and takes it,
 * the latest first: a second call for the same text expects a second notice (a page without
 * scripts is read as it is). Answers where its top was as it appeared, in CSS pixels from
 * the top of the window.
 */
export async function expectNotice(
  page: Page,
  text: string | RegExp,
  options: { timeout?: number } = {},
): Promise<{ top: number }> {
  const pattern = typeof text === "string" ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : text;
  const look = () =>
    page.evaluate(
      ({ records, source, flags }) => {
        const state = (window as unknown as Record<string, { shown: Notice[]; observing: boolean } | undefined>)[
          records
        ];
        if (!state) throw new Error("this page records no notices: its context was not made by this test's browser");
        const pattern = new RegExp(source, flags);
        if (!state.observing) {
          const notice = [...document.querySelectorAll('[role="status"], [role="alert"]')].findLast((element) =>
            pattern.test((element.textContent ?? "").replace(/\s+/g, " ").trim()),
          );
          return notice ? { text: notice.textContent ?? "", top: notice.getBoundingClientRect().top } : null;
        }
        const at = state.shown.findLastIndex((notice) => pattern.test(notice.text));
        return at >= 0 ? state.shown.splice(at, 1)[0]! : null;
      },
      { records: RECORDS, source: pattern.source, flags: pattern.flags },
    );
  let found: Notice | null = null;
  await expect
    .poll(
      async () => {
        try {
          found = await look();
        } catch (error) {
          // The page may be between two documents: asked again, the error kept for the message.
          return (error as Error).message;
        }
        return found ? "shown" : "not shown";
      },
      { message: `a notice saying ${String(text)}`, ...options },
    )
    .toBe("shown");
  return { top: found!.top };
}
