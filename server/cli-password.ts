/**
 * Reading a password for a command-line tool without it landing in the shell history:
 * typed at the terminal with nothing echoed, or the first line of a pipe
 * (`printf '%s\n' "$PASSWORD" | npm run admin -- --email …`).
 */
import { createInterface } from "node:readline";
import type { ReadStream } from "node:tty";

/** The first line of a pipe or a file ("" when it is empty); the rest is left unread. */
export async function readFirstLine(input: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) return line;
    return "";
  } finally {
    lines.close();
  }
}

const CTRL_C = "\u0003";
const BACKSPACES = new Set(["\u007f", "\b"]);

/**
 * Asks at the terminal, showing nothing of what is typed (raw mode). Enter ends the
 * answer (keys typed after it are kept for the next prompt), Backspace takes back a
 * character, other control keys are ignored. Null when the owner presses Ctrl-C. The
 * prompt goes to stderr, so stdout keeps only the result.
 */
export function promptHidden(
  prompt: string,
  input: ReadStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string | null> {
  return new Promise((resolve) => {
    const typed: string[] = [];
    const finish = (answer: string | null, typedAhead: string[]) => {
      input.off("data", onKeys);
      input.setRawMode(false);
      input.pause();
      if (typedAhead.length > 0) input.unshift(typedAhead.join("")); // for the next prompt
      output.write("\n");
      resolve(answer);
    };
    const onKeys = (chunk: string) => {
      const keys = [...chunk];
      for (const [index, key] of keys.entries()) {
        if (key === "\r" || key === "\n") return finish(typed.join(""), keys.slice(index + 1));
        if (key === CTRL_C) return finish(null, []);
        if (BACKSPACES.has(key)) typed.pop();
        else if (key >= " ") typed.push(key);
      }
    };
    output.write(prompt);
    input.setRawMode(true);
    input.setEncoding("utf8");
    input.on("data", onKeys);
    input.resume();
  });
}
