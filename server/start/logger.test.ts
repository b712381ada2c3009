/**
 * What `npm start` prints: short lines on a terminal, JSON lines elsewhere, as the real
 * app logs its requests.
 */
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../tests/support/test-app";
import { createLogger, type LogFormat } from "./logger";

function capture(isTTY: boolean, format?: LogFormat) {
  const lines: string[] = [];
  const output = { isTTY, write: (chunk: string) => void lines.push(...chunk.split("\n").filter(Boolean)) };
  return { logger: createLogger({ level: "info", format }, output), lines };
}

const terminal = capture(true);
const pipe = capture(false);
const onTerminal = useTestApp({ logger: terminal.logger });
const onPipe = useTestApp({ logger: pipe.logger });

describe("the start's log", () => {
  it("on a terminal, prints each request as one short line, its sign-in token hidden", async () => {
    terminal.lines.length = 0;
    await onTerminal.app.inject({ method: "GET", url: "/healthz" });
    await onTerminal.app.inject({ method: "GET", url: "/reset-password/secret-token-123?next=/shop" });
    const lines = terminal.lines.map(stripVTControlCharacters);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/healthz → 200 in \d+ ms$/);
    expect(lines[1]).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: GET \/reset-password\/\[redacted\]\?next=\/shop → 404 in \d+ ms$/,
    );
    expect(terminal.lines.join("\n")).not.toContain("secret-token-123");
    // Colours, for a person reading them.
    expect(terminal.lines[0]).not.toBe(lines[0]);

    terminal.logger.info("Loading the demo catalogue: 44/174 pictures…");
    expect(stripVTControlCharacters(terminal.lines.at(-1)!)).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: Loading the demo catalogue: 44\/174 pictures…$/,
    );
  });

  it("elsewhere, prints one JSON object per line, the request's arrival and answer in full", async () => {
    pipe.lines.length = 0;
    await onPipe.app.inject({ method: "GET", url: "/reset-password/secret-token-123" });
    const entries = pipe.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((entry) => entry.msg)).toEqual(["incoming request", "request completed"]);
    expect(entries[0]).toMatchObject({ level: 30, req: { method: "GET", url: "/reset-password/[redacted]" } });
    expect(entries[1]).toMatchObject({ res: { statusCode: 404 } });
    expect(pipe.lines.join("\n")).not.toContain("secret-token-123");
  });

  it("follows LOG_FORMAT over the guess", () => {
    const json = capture(true, "json");
    json.logger.info("PostgreSQL is listening");
    expect(JSON.parse(json.lines[0]!)).toMatchObject({ msg: "PostgreSQL is listening" });

    const pretty = capture(false, "pretty");
    pretty.logger.info("PostgreSQL is listening");
    // Without a terminal, no colour codes.
    expect(pretty.lines).toEqual([expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: PostgreSQL is listening$/)]);
  });
});
