/**
 * Shop search, forgiving of real typing. Each word of the query stands for catalogue
 * words, looked up in the catalogue's vocabulary (catalog_words) before the search itself:
 * - those it begins ("wardrob" stands for "wardrobe" and "wardrobes");
 * - for a word of four letters or more, those holding it inside a name ("chair" for
 *   "armchair", "board" for "sideboard");
 * - for such a word that begins no catalogue word at all, those one slip away
 *   ("winbgack" for "wingback", "sofaa" for "sofa"). Correcting only words the catalogue
 *   does not know keeps "table" from also finding "cable" and "stable".
 * The search then asks the full-text GIN index for those exact words, which PostgreSQL
 * estimates well (prefix searches it does not, and would scan the table instead).
 *
 * Words typed together ("hand-knotted") must all match; an item matches when it matches
 * any of the terms typed apart, and those matching every term come first, so "velvet
 * sofa" lists velvet sofas before other sofas and velvet things.
 */
import { and, not, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";

/** Shorter words are never corrected nor looked for inside others: one slip makes another word. */
const MIN_FORGIVING_LENGTH = 4;
/**
 * A word standing for more catalogue words than this keeps the most used ones; one that
 * begins more is searched as a prefix instead.
 */
const MAX_WORDS_PER_WORD = 50;

/** A search as tsquery texts: letters, digits and operators only. */
export interface SearchQueries {
  /** Items matching at least one term. */
  any: string;
  /** Items matching every term; null when that is the same as any, or nothing. */
  every: string | null;
  /**
   * The words as typed, when some words also stand for words forgiven for them; null
   * when there is nothing to tell apart.
   */
  asTyped: string | null;
}

export interface SearchConditions {
  matchesAny: SQL;
  /**
   * The matches in the order they are listed, as disjoint parts: items matching every
   * term before those matching some, and within each, items holding the words as typed
   * before those found only through words forgiven for them ("Dining Chair" before
   * "Armchair" for "chair"). Ranking is most of a search's cost, and a page usually lies
   * within the first part: only its items need ranking.
   */
  parts: SQL[];
  /** Best first within a part: text rank, where the name weighs most. */
  rank: SQL;
}

// Letters and digits only: such a word can go into a tsquery or a LIKE pattern as it is.
const WORD = /[\p{L}\p{N}]+/gu;
const isPlainWord = (text: string) => /^[\p{L}\p{N}]+$/u.test(text);

/** The query's distinct terms (what was typed between spaces), each as its lowercased words. */
export function queryTerms(search: string): string[][] {
  const terms = new Map<string, string[]>();
  for (const chunk of search.normalize("NFC").toLowerCase().split(/\s+/)) {
    const words = chunk.match(WORD);
    if (words) terms.set(words.join(" "), words);
  }
  return [...terms.values()];
}

/**
 * Whether a and b are at most one slip apart: one letter added, dropped or changed, or two
 * neighbouring letters swapped (the optimal string alignment distance is at most 1).
 * Linear in the words' length.
 */
export function withinOneSlip(a: string, b: string): boolean {
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > 1) return false;
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start += 1;
  let end = 0;
  while (end < x.length - start && end < y.length - start && x[x.length - 1 - end] === y[y.length - 1 - end]) {
    end += 1;
  }
  const xMiddle = x.length - start - end;
  const yMiddle = y.length - start - end;
  if (xMiddle <= 1 && yMiddle <= 1) return true;
  return xMiddle === 2 && yMiddle === 2 && x[start] === y[start + 1] && x[start + 1] === y[start];
}

/** The tsquery operands a query word stands for. */
interface WordOperands {
  /** The catalogue words it begins, or itself as a prefix when it begins too many. */
  asTyped: string[];
  /** The catalogue words it was forgiven for: holding it inside a name, or a slip away. */
  forgiven: string[];
}

type LookedUp = { word: string; stop: boolean; begun: string[]; inside: string[]; near: string[] };

/** What each distinct word stands for in the vocabulary; null for a stop word ("the", "and"). */
async function lookUp(db: Database, words: string[]): Promise<Map<string, WordOperands | null>> {
  // Candidates one slip away share a one-letter deletion with the word (an index
  // look-up); withinOneSlip weeds out the few that are two slips away.
  const { rows } = await db.execute<LookedUp>(
    sql`select * from catalog_search_words(string_to_array(${words.join(" ")}, ' '), ${MIN_FORGIVING_LENGTH}, ${MAX_WORDS_PER_WORD})`,
  );
  const found = new Map<string, WordOperands | null>();
  for (const { word, stop, begun, inside, near } of rows) {
    const slips = near.filter((candidate) => withinOneSlip(word, candidate));
    found.set(
      word,
      stop
        ? null
        : {
            asTyped: begun.length > MAX_WORDS_PER_WORD ? [`${word}:*`] : begun.filter(isPlainWord),
            forgiven: [...inside, ...slips].filter(isPlainWord),
          },
    );
  }
  return found;
}

const either = (operands: string[]) => `(${operands.join(" | ")})`;

/** Turns a search into its tsqueries; the catalogue reader keeps the answers until the catalogue changes. */
export type SearchPlanner = (search: string) => Promise<SearchQueries | null>;

/** The search's tsqueries; null when nothing in the catalogue can match it. */
export async function planSearch(db: Database, search: string): Promise<SearchQueries | null> {
  const typed = queryTerms(search);
  if (typed.length === 0) return null;
  const found = await lookUp(db, [...new Set(typed.flat())]);
  // Stop words are left out, and a term of nothing else with them; a term holding a word
  // that stands for no catalogue word matches nothing.
  const terms = typed
    .map((words) => words.map((word) => found.get(word)).filter((operands) => operands != null))
    .filter((term) => term.length > 0)
    .map((term) => {
      const operands = term.map(({ asTyped, forgiven }) => [...asTyped, ...forgiven]);
      return operands.every((each) => each.length > 0) ? operands.map(either).join(" & ") : null;
    });
  const matchable = terms.filter((term) => term !== null);
  if (matchable.length === 0) return null;
  const asTyped = [...found.values()].flatMap((operands) => operands?.asTyped ?? []);
  const forgiving = [...found.values()].some((operands) => operands && operands.forgiven.length > 0);
  return {
    any: matchable.map((term) => `(${term})`).join(" | "),
    every:
      terms.length > 1 && matchable.length === terms.length ? matchable.map((term) => `(${term})`).join(" & ") : null,
    asTyped: forgiving && asTyped.length > 0 ? either(asTyped) : null,
  };
}

/** The search's conditions and rank on a table with a search_vector. */
export function searchConditions(searchVector: PgColumn, queries: SearchQueries): SearchConditions {
  const matching = (text: string) => sql`${searchVector} @@ to_tsquery('english', ${text})`;
  const matchesAny = matching(queries.any);
  // Each split into its two sides, or left whole (undefined adds no condition).
  const split = (text: string | null) => (text === null ? [undefined] : [matching(text), not(matching(text))]);
  const byTerms = split(queries.every);
  const byWords = split(queries.asTyped);
  return {
    matchesAny,
    parts: byTerms.flatMap((terms) => byWords.map((words) => and(matchesAny, terms, words)!)),
    rank: sql`ts_rank(${searchVector}, to_tsquery('english', ${queries.any}))`,
  };
}
