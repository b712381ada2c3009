/**
 * JSON bodies for the API, bounded in size and in depth before they are parsed.
 *
 * No API body needs more than a few levels of nesting (an item's picture list is the
 * deepest: body → images → picture), yet JSON.parse and then validation walk whatever
 * arrives: a megabyte of `[[[[…` cost the event loop a fifth of a second per request, so
 * a handful of them in flight stalled every other shopper. The depth is counted in one
 * linear pass over the raw text and refused before anything is built from it.
 *
 * Only JSON is taken: any other content type is 415. Routes that carry pictures set
 * their own, larger `bodyLimit`, which wins over this parser's.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { refuse } from "../../domain/refusal";

/** The largest body an API route without pictures takes (a cart's id lists, a contact message) with room to spare. */
export const API_BODY_LIMIT = 128 * 1024;

/** Deeper than any API body needs; an object inside an array inside an object is depth 3. */
export const MAX_JSON_DEPTH = 16;

export const TOO_DEEP = "Request body is nested too deeply.";

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether the JSON text opens more than `max` arrays and objects inside one another. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/** Register inside the /api scope: it replaces that scope's body parsers. */
export const jsonBodiesPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: API_BODY_LIMIT },
    (request, body, done) => {
      const text = body as string;
      if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) return done(refuse("invalid", TOO_DEEP), undefined);
      parseJson(request, text, done);
    },
  );
});
