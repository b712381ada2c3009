/**
 * Finds delivery areas from what someone typed, forgiving the ways people write them:
 * "lekki ph 1", "Lekki Phase One" and "LEKKI PHASE I" are one place, "wuse II" is Wuse 2,
 * and "Surelere" still finds Surulere.
 *
 * Results come in this order: an exact match of the name or a variant; then names or
 * variants that start with the text; then those where every typed word starts a word of
 * the name ("phase 1 lekki", "island"); then areas whose LGA or state matches (the Eti-Osa
 * districts for "eti osa"); then names one or two typing slips away (Damerau–Levenshtein
 * distance at most 1 for a typed word of 4–7 letters, 2 for one of 8 or more). Within a
 * step, a match on the name comes before one on a variant, shorter names first, then the
 * areas' own order.
 *
 * Speed: searchAreas(areas, query) prepares the areas' normalised forms the first time it
 * sees that array and keeps them (in a WeakMap) for later calls, so passing the same
 * ~1,000-row array on every keystroke costs one preparation (so an array, once searched,
 * must not be changed). prepareAreas(areas) does the same work up front and returns an
 * index that searchAreas also accepts.
 */

/** The fields searchAreas reads; DeliveryArea has them. */
export interface SearchableArea {
  name: string;
  state: string;
  lga: string;
  variants: readonly string[];
}

interface PreparedArea<T> {
  area: T;
  order: number;
  /** The normalised name, then the variants: [name, ...variants]. */
  forms: readonly string[];
  formWords: readonly (readonly string[])[];
  /** The normalised LGA (with the LGA row's variants when the areas include that row). */
  lgaForms: readonly string[];
  state: string;
}

/** Prepared areas for searchAreas; make one with prepareAreas. */
export interface AreaIndex<T extends SearchableArea> {
  readonly entries: readonly PreparedArea<T>[];
}

const ROMAN: Readonly<Record<string, string>> = { ii: "2", iii: "3" };
const AFTER_PHASE: Readonly<Record<string, string>> = { i: "1", one: "1", two: "2", three: "3" };

/**
 * Lowercase words separated by single spaces, without accents or punctuation ("V.I." →
 * "vi", "D-Line" → "d line", "Jama'are" → "jamaare"), letters and digits split
 * ("phase1" → "phase 1"), II and III as 2 and 3, "ph" before a number as "phase", and
 * "phase one/two/three/I" as "phase 1/2/3/1".
 */
export function normaliseAreaText(text: string): string {
  const words = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’`.]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/([a-z])(\d)/g, "$1 $2")
    .replace(/(\d)([a-z])/g, "$1 $2")
    .split(" ")
    .filter((word) => word !== "")
    .map((word) => ROMAN[word] ?? word);
  for (let i = 0; i < words.length - 1; i++) {
    const next = words[i + 1] ?? "";
    const number = AFTER_PHASE[next] ?? (/^\d+$/.test(next) ? next : undefined);
    if ((words[i] === "phase" || words[i] === "ph") && number !== undefined) {
      words[i] = "phase";
      words[i + 1] = number;
    }
  }
  return words.join(" ");
}

/** Normalises every area's name, variants and LGA once, for searchAreas. */
export function prepareAreas<T extends SearchableArea>(areas: readonly T[]): AreaIndex<T> {
  const key = (state: string, lga: string) => `${state}\n${normaliseAreaText(lga)}`;
  const formsOf = (area: SearchableArea) => [...new Set([area.name, ...area.variants].map(normaliseAreaText))];
  // An LGA row is one named after its own LGA; its variants ("AMAC") also find its districts.
  const lgaForms = new Map<string, string[]>();
  for (const area of areas) {
    if (normaliseAreaText(area.name) === normaliseAreaText(area.lga)) {
      lgaForms.set(key(area.state, area.lga), formsOf(area));
    }
  }
  const entries = areas.map((area, order) => {
    const forms = formsOf(area);
    return {
      area,
      order,
      forms,
      formWords: forms.map((form) => form.split(" ")),
      lgaForms: lgaForms.get(key(area.state, area.lga)) ?? [normaliseAreaText(area.lga)],
      state: normaliseAreaText(area.state),
    };
  });
  return { entries };
}

const prepared = new WeakMap<readonly SearchableArea[], AreaIndex<SearchableArea>>();

function indexFor<T extends SearchableArea>(source: AreaIndex<T> | readonly T[]): AreaIndex<T> {
  if (!Array.isArray(source)) return source as AreaIndex<T>;
  const areas = source as readonly T[];
  let index = prepared.get(areas) as AreaIndex<T> | undefined;
  if (index === undefined) {
    index = prepareAreas(areas);
    prepared.set(areas, index);
  }
  return index;
}

/**
 * The areas matching what was typed, best first, at most `limit` of them; [] for an empty
 * query or one that matches nothing. Takes the areas themselves or prepareAreas(areas).
 */
export function searchAreas<T extends SearchableArea>(
  source: AreaIndex<T> | readonly T[],
  query: string,
  limit = 20,
): T[] {
  const typed = normaliseAreaText(query);
  if (typed === "" || limit <= 0) return [];
  const typedWords = typed.split(" ");
  const hits: { entry: PreparedArea<T>; rank: number[] }[] = [];
  for (const entry of indexFor(source).entries) {
    const rank = rankOf(entry, typed, typedWords);
    if (rank !== null) hits.push({ entry, rank });
  }
  hits.sort((a, b) => compareRanks(a.rank, b.rank) || a.entry.order - b.entry.order);
  return hits.slice(0, limit).map((hit) => hit.entry.area);
}

/** [step, detail, name length]: smaller is better; null when the area does not match. */
function rankOf<T extends SearchableArea>(
  entry: PreparedArea<T>,
  typed: string,
  typedWords: string[],
): number[] | null {
  const { forms, formWords } = entry;
  const nameLength = forms[0]?.length ?? 0;
  // Form 0 is the name: a match on it comes before a match on a variant.
  const onVariant = (form: number) => (form === 0 ? 0 : 1);
  const exact = forms.indexOf(typed);
  if (exact >= 0) return [0, onVariant(exact), nameLength];
  const prefix = forms.findIndex((form) => form.startsWith(typed));
  if (prefix >= 0) return [1, onVariant(prefix), nameLength];
  const wordPrefixes = formWords.findIndex((words) => everyWordStartsOne(typedWords, words));
  if (wordPrefixes >= 0) return [2, onVariant(wordPrefixes), nameLength];
  const place = placeMatch(entry, typed, typedWords);
  if (place >= 0) return [3, place, nameLength];
  const slips = Math.min(...formWords.map((words) => slipsFrom(typedWords, words)));
  return slips === Infinity ? null : [4, slips, nameLength];
}

/** 0–2 for the LGA matched exactly, by prefix or by word prefixes, 3–5 likewise for the state; -1 for neither. */
function placeMatch<T extends SearchableArea>(entry: PreparedArea<T>, typed: string, typedWords: string[]): number {
  const places = [entry.lgaForms, [entry.state]];
  for (const [i, forms] of places.entries()) {
    if (forms.includes(typed)) return i * 3;
    if (forms.some((form) => form.startsWith(typed))) return i * 3 + 1;
    if (forms.some((form) => everyWordStartsOne(typedWords, form.split(" ")))) return i * 3 + 2;
  }
  return -1;
}

function everyWordStartsOne(typedWords: readonly string[], words: readonly string[]): boolean {
  return typedWords.every((typedWord) => words.some((word) => word.startsWith(typedWord)));
}

/**
 * The typing slips between the typed words and a form's words, when every typed word
 * starts a word of the form or is close enough to one; Infinity otherwise.
 */
function slipsFrom(typedWords: readonly string[], words: readonly string[]): number {
  let total = 0;
  for (const typedWord of typedWords) {
    if (words.some((word) => word.startsWith(typedWord))) continue;
    const allowed = typedWord.length >= 8 ? 2 : typedWord.length >= 4 ? 1 : 0;
    if (allowed === 0) return Infinity;
    let best = Infinity;
    for (const word of words) best = Math.min(best, damerauLevenshtein(typedWord, word, allowed));
    if (best > allowed) return Infinity;
    total += best;
  }
  return total;
}

/**
 * Edits (insert, delete, substitute, swap two neighbours) between a and b, or max + 1 as
 * soon as the distance must exceed max.
 */
function damerauLevenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? 0, max + 1);
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
