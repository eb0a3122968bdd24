import { ENTRY_FIELDS, type EntryField } from './entry-fields';
import type { PromptAnswer } from './prompts';

/**
 * Where a match is: one of the four texts of an entry of the app's own prompts, or `answers`, the answers of an entry
 * written with the writer's own prompts (prompts.ts), whose wording a result then names.
 */
export type SearchField = EntryField | 'answers';

/**
 * Search's rules (docs/product.md §17), shared by the server and the app's offline search so that both find the same
 * entries the same way: how text is folded, what a word is, how a query is read, what matches, how matches rank and
 * the snippet each result shows. The databases' indexes (src/server/search/) only narrow a journal down to the
 * entries that may match; these rules decide, and mark the words that matched.
 */

/** The longest query, in characters (UTF-16 code units, as an input's maxLength counts them). */
export const SEARCH_MAX_QUERY_LENGTH = 200;
/** The most words, phrases and symbols one query may hold. */
export const SEARCH_MAX_TERMS = 10;
/** Results per page. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_ORDERS = ['newest', 'best'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

/** One result: the entry it is, the prompts its matches are under, and a snippet of the best of them. */
export interface SearchResult {
  id: string;
  localDate: string;
  date: string;
  /** The prompt the snippet is taken from. */
  prompt: SearchField;
  /** Every prompt with a match, in the form's order. */
  prompts: SearchField[];
  /** For an entry of the writer's own prompts: the wording of the prompt the snippet is taken from, as written then. */
  promptWording?: string;
  /** For an entry of the writer's own prompts: the wording of every prompt with a match, in the entry's order. */
  promptWordings?: string[];
  /** A stretch of the entry's own text: shown as text, never as markup. */
  snippet: string;
  /** [start, end) offsets into the snippet (UTF-16 code units) of each matched word, in order, not overlapping. */
  highlights: [number, number][];
}

export interface SearchPage {
  results: SearchResult[];
  nextCursor: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Folding: letter case, and accents on Latin letters

/**
 * Combining accents after a Latin letter (after canonical decomposition): "é" is "e" + U+0301. These are the accents
 * SQLite's tokenizer folds (remove_diacritics); marks of other scripts (Greek tonos, Hebrew points, Devanagari vowel
 * signs) are part of how a word is written, and stay.
 */
const LATIN_ACCENTS = /([A-Za-z])[\u0300-\u036f]+/g;
/** A character and the combining marks that follow it; or marks with nothing before them. */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;
const NOT_ASCII = /[\u0080-\uFFFF]/;
const foldedClusters = new Map<string, string>();

function foldCluster(cluster: string): string {
  let folded = foldedClusters.get(cluster);
  if (folded === undefined) {
    folded = cluster.normalize('NFD').replace(LATIN_ACCENTS, '$1').normalize('NFC').toLowerCase().replace(/ς/g, 'σ');
    if (foldedClusters.size > 4096) foldedClusters.clear();
    foldedClusters.set(cluster, folded);
  }
  return folded;
}

/**
 * A text as search compares it: lower case (each character on its own, so a final sigma is a sigma), Latin letters
 * without their accents, composed (NFC). `start[i]` and `end[i]` give the stretch of the original text that the
 * folded text's code unit i came from; both are null when the two line up one for one (ASCII text).
 */
export interface FoldedText {
  text: string;
  start: number[] | null;
  end: number[] | null;
}

export function foldText(text: string): FoldedText {
  if (!NOT_ASCII.test(text)) return { text: text.toLowerCase(), start: null, end: null };
  let folded = '';
  const start: number[] = [];
  const end: number[] = [];
  for (const match of text.matchAll(CLUSTER)) {
    const piece = foldCluster(match[0]);
    const from = match.index;
    const to = from + match[0].length;
    folded += piece;
    for (let i = 0; i < piece.length; i += 1) {
      start.push(from);
      end.push(to);
    }
  }
  return { text: folded, start, end };
}

/** The folded form alone: what the index is asked for, and what a query's words are compared as. */
export function fold(text: string): string {
  return foldText(text).text;
}

// ---------------------------------------------------------------------------------------------------------------
// Words

/**
 * A word is a run of letters, digits and marks (and private-use characters), in any script: what SQLite's tokenizer
 * keeps with `categories 'L* N* Co M*'`, and what the PostgreSQL index splits on (migration 011 builds its character
 * class from this same definition). Variation selectors and the keycap mark belong to emoji, not to words.
 */
const WORDS = /(?:(?![\uFE00-\uFE0F\u20E3\u{E0100}-\u{E01EF}])[\p{L}\p{N}\p{M}\p{Co}])+/gu;
/**
 * Emoji and other signs (currency, ©, arrows), with what joins and modifies them: searched for as they are,
 * anywhere. Mathematical and modifier symbols (+ < = ^ `) are not among them: in a query they are operators' marks.
 */
const SYMBOLS = /(?:[\p{So}\p{Sc}\p{Extended_Pictographic}]|[\u{1F3FB}-\u{1F3FF}]|\u200D|\uFE0F|\u20E3|[\u{E0020}-\u{E007F}])+/gu;
const SIGN = /[\p{So}\p{Sc}\p{Extended_Pictographic}]/u;
/** Scripts written without spaces between words: a word in them is found anywhere inside a run of text. */
const SPACELESS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;
/** Straight and typographic double quotes, as phone keyboards type them. */
const QUOTES = /["\u201C\u201D\u201E\u00AB\u00BB]/;

interface Word {
  text: string;
  start: number;
  end: number;
}

/** WORDS for a folded text of ASCII alone (most entries): the same words, found several times faster. */
const ASCII_WORDS = /[a-z0-9]+/g;

function wordsOf(folded: string, ascii = false): Word[] {
  const words: Word[] = [];
  for (const match of folded.matchAll(ascii ? ASCII_WORDS : WORDS)) {
    words.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return words;
}

// ---------------------------------------------------------------------------------------------------------------
// Queries

/**
 * What a query asks for, folded. Every term must match, in any order:
 * - `word`: a word that begins with it ("grat" finds "grateful");
 * - `phrase`: these words one after the other, each whole (the last one begun, while its quote is still open);
 * - `text`: these characters anywhere (words of scripts without spaces, emoji and other symbols).
 */
export type SearchTerm =
  | { kind: 'word'; text: string }
  | { kind: 'phrase'; words: string[]; open: boolean }
  | { kind: 'text'; text: string };

export type SearchQueryProblem = 'empty' | 'too-long' | 'too-many-terms';

export class SearchQueryError extends Error {
  constructor(readonly problem: SearchQueryProblem) {
    super(problem);
    this.name = 'SearchQueryError';
  }
}

/** The words and symbols of a stretch of query, in order: runs that hold a spaceless script are `text`. */
function piecesOf(folded: string): { text: string; isWord: boolean }[] {
  const pieces: { text: string; index: number; isWord: boolean }[] = [];
  for (const match of folded.matchAll(WORDS)) {
    pieces.push({ text: match[0], index: match.index, isWord: !SPACELESS.test(match[0]) });
  }
  for (const match of folded.matchAll(SYMBOLS)) {
    if (SIGN.test(match[0])) pieces.push({ text: match[0], index: match.index, isWord: false });
  }
  return pieces.sort((a, b) => a.index - b.index).map(({ text, isWord }) => ({ text, isWord }));
}

/**
 * Reads a query as a person types it. Words match in any order, each as the beginning of a word; text in double
 * quotes is a phrase (a quote left open runs to the end); everything else (operators, punctuation, NUL) only
 * separates words. Nothing of the query reaches a database as it was typed: the server builds the index's query from
 * these terms (src/server/search/query.ts).
 */
export function parseSearchQuery(query: string): SearchTerm[] {
  if (query.length > SEARCH_MAX_QUERY_LENGTH) throw new SearchQueryError('too-long');
  const terms: SearchTerm[] = [];
  const parts = query.split(QUOTES);
  parts.forEach((part, index) => {
    const quoted = index % 2 === 1;
    const pieces = piecesOf(fold(part));
    if (!quoted) {
      for (const piece of pieces) terms.push(piece.isWord ? { kind: 'word', text: piece.text } : { kind: 'text', text: piece.text });
      return;
    }
    // The last part is in a quote that was never closed: while a person types a phrase, its last word is begun.
    const open = index === parts.length - 1;
    if (pieces.length === 0) return;
    if (pieces.every((piece) => piece.isWord)) {
      terms.push({ kind: 'phrase', words: pieces.map((piece) => piece.text), open });
    } else if (pieces.length === 1 && pieces[0]) {
      terms.push({ kind: 'text', text: pieces[0].text });
    } else {
      // A phrase of symbols or spaceless words with others: each of its parts must be there, side by side or not.
      for (const piece of pieces) {
        terms.push(piece.isWord ? { kind: 'phrase', words: [piece.text], open: false } : { kind: 'text', text: piece.text });
      }
    }
  });
  const unique = new Map(terms.map((term) => [JSON.stringify(term), term]));
  if (unique.size === 0) throw new SearchQueryError('empty');
  if (unique.size > SEARCH_MAX_TERMS) throw new SearchQueryError('too-many-terms');
  return [...unique.values()];
}

// ---------------------------------------------------------------------------------------------------------------
// Matching

export interface SearchableEntry {
  id: string;
  localDate: string;
  date: string;
  gratitude: string;
  celebration: string;
  manifestation: string;
  memory: string;
  answers?: PromptAnswer[];
}

interface FieldMatch {
  field: SearchField;
  /** For `answers`, which of the entry's answers. */
  index: number;
  /** Matched stretches of the field's own text, sorted, merged where they overlap. */
  ranges: [number, number][];
}

/** How an entry matched: its fields with matches, and the figures its rank is made of. */
export interface EntryMatch {
  fields: FieldMatch[];
  score: number;
}

function termRanges(term: SearchTerm, folded: string, words: Word[]): [number, number][] {
  const ranges: [number, number][] = [];
  if (term.kind === 'word') {
    for (const word of words) if (word.text.startsWith(term.text)) ranges.push([word.start, word.end]);
  } else if (term.kind === 'phrase') {
    const count = term.words.length;
    for (let i = 0; i + count <= words.length; i += 1) {
      const matches = term.words.every((wanted, j) => {
        const word = words[i + j]?.text ?? '';
        return term.open && j === count - 1 ? word.startsWith(wanted) : word === wanted;
      });
      if (matches) ranges.push([words[i]?.start ?? 0, words[i + count - 1]?.end ?? 0]);
    }
  } else {
    for (let at = folded.indexOf(term.text); at !== -1; at = folded.indexOf(term.text, at + term.text.length)) {
      ranges.push([at, at + term.text.length]);
    }
  }
  return ranges;
}

/** What a text must hold, at least, for the term to match in it. */
function needlesOf(term: SearchTerm): string[] {
  return term.kind === 'phrase' ? term.words : [term.text];
}

/** Whole-word matches count for more than a word that only begins with what was typed. */
function termWeight(term: SearchTerm, folded: string, range: [number, number]): number {
  if (term.kind !== 'word') return 1;
  return range[1] - range[0] === term.text.length || folded.slice(range[0], range[1]) === term.text ? 1 : 0.6;
}

function toOriginal(folded: FoldedText, [from, to]: [number, number]): [number, number] {
  if (!folded.start || !folded.end) return [from, to];
  return [folded.start[from] ?? 0, folded.end[to - 1] ?? 0];
}

function merged(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const range of sorted) {
    const last = out.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else out.push([range[0], range[1]]);
  }
  return out;
}

/** BM25's constants, with a fixed typical length: a rank never depends on anyone else's journal. */
const K1 = 1.2;
const B = 0.75;
const TYPICAL_WORDS = 80;

/**
 * Whether an entry matches every term, in `prompt` only when one is given, and how well. Rank: for each term, the
 * BM25 weight of how often it occurs (whole words counting more than begun ones) against the entry's length.
 */
export function matchEntry(
  entry: SearchableEntry,
  terms: SearchTerm[],
  prompt?: SearchField,
  wording?: string,
): EntryMatch | undefined {
  const own = prompt === undefined ? ENTRY_FIELDS : prompt === 'answers' ? [] : [prompt];
  const answers = prompt === undefined || prompt === 'answers' ? (entry.answers ?? []) : [];
  const fields: { field: SearchField; index: number; folded: FoldedText }[] = [
    ...own.flatMap((field) => (entry[field] ? [{ field, index: 0, folded: foldText(entry[field]) }] : [])),
    // With a wording, only the answers written under that prompt.
    ...answers.flatMap(({ prompt: asked, answer }, index) =>
      answer && (wording === undefined || asked === wording)
        ? [{ field: 'answers' as const, index, folded: foldText(answer) }]
        : [],
    ),
  ];
  // Most entries read by a search lack a word outright: found out before any text is cut into words.
  const lacking = terms.some((term) =>
    needlesOf(term).some((needle) => !fields.some(({ folded }) => folded.text.includes(needle))),
  );
  if (lacking) return undefined;
  const found: FieldMatch[] = [];
  const occurrences = terms.map(() => 0);
  let length = 0;
  for (const { field, index: place, folded } of fields) {
    const words = wordsOf(folded.text, folded.start === null);
    length += words.length;
    const ranges: [number, number][] = [];
    terms.forEach((term, index) => {
      for (const range of termRanges(term, folded.text, words)) {
        occurrences[index] = (occurrences[index] ?? 0) + termWeight(term, folded.text, range);
        ranges.push(toOriginal(folded, range));
      }
    });
    if (ranges.length > 0) found.push({ field, index: place, ranges: merged(ranges) });
  }
  if (occurrences.some((count) => count === 0)) return undefined;
  const norm = K1 * (1 - B + (B * Math.max(length, 1)) / TYPICAL_WORDS);
  const score = occurrences.reduce((sum, count) => sum + (count * (K1 + 1)) / (count + norm), 0);
  return { fields: found, score };
}

/** Newest first: the writer's day, then when it was written, then the id, as the day and month lists order. */
export function compareNewestFirst(a: { localDate: string; date: string; id: string }, b: typeof a): number {
  if (a.localDate !== b.localDate) return a.localDate < b.localDate ? 1 : -1;
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Best match first, and newest first among equals. */
export function compareBestFirst(a: { entry: SearchableEntry; match: EntryMatch }, b: typeof a): number {
  return b.match.score - a.match.score || compareNewestFirst(a.entry, b.entry);
}

// ---------------------------------------------------------------------------------------------------------------
// Snippets

/** About how much of an entry a result shows. */
export const SNIPPET_LENGTH = 180;
/** How much text to keep before the first match, so that it is read in context. */
const LEAD = 50;
/** How far to look for a space to cut at, so that a snippet does not begin or end inside a word. */
const CUT_SLACK = 20;
const ELLIPSIS = '…';

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const MARK = /\p{M}/u;

/** A cut that splits neither a surrogate pair nor a letter from its marks. */
function safeCut(text: string, at: number, direction: 1 | -1): number {
  let cut = at;
  while (cut > 0 && cut < text.length && (isLowSurrogate(text.charCodeAt(cut)) || MARK.test(text.charAt(cut)))) {
    cut += direction;
  }
  if (cut > 0 && cut < text.length && isHighSurrogate(text.charCodeAt(cut - 1))) cut += direction;
  return Math.max(0, Math.min(text.length, cut));
}

/** Up to SNIPPET_LENGTH characters of a field's text around its first match, with the matches it holds. */
export function makeSnippet(text: string, ranges: [number, number][]): { snippet: string; highlights: [number, number][] } {
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - LEAD);
  if (start > 0) {
    const space = text.slice(start, Math.min(first, start + CUT_SLACK)).search(/\s/);
    start = safeCut(text, space === -1 ? start : start + space + 1, 1);
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) {
    const tail = text.slice(Math.max(start, end - CUT_SLACK), end);
    const space = tail.search(/\s\S*$/);
    end = safeCut(text, space === -1 ? end : end - tail.length + space, -1);
  }
  // A first match that runs past the end of the window is shown whole.
  end = Math.max(end, Math.min(text.length, ranges[0]?.[1] ?? 0));
  const before = start > 0 ? ELLIPSIS : '';
  const after = end < text.length ? ELLIPSIS : '';
  const shift = before.length - start;
  const highlights: [number, number][] = [];
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    highlights.push([Math.max(from, start) + shift, Math.min(to, end) + shift]);
  }
  return { snippet: `${before}${text.slice(start, end)}${after}`, highlights };
}

/** The answer for one matched entry: its snippet from the prompt with the most matches (the first, on a tie). */
export function toSearchResult(entry: SearchableEntry, match: EntryMatch): SearchResult {
  const best = match.fields.reduce<FieldMatch | undefined>(
    (chosen, field) => (!chosen || field.ranges.length > chosen.ranges.length ? field : chosen),
    undefined,
  );
  const prompt = best?.field ?? 'gratitude';
  const answer = (index: number) => entry.answers?.[index];
  const text = prompt === 'answers' ? (answer(best?.index ?? 0)?.answer ?? '') : entry[prompt];
  const { snippet, highlights } = makeSnippet(text, best?.ranges ?? []);
  const wordings = match.fields.flatMap((field) =>
    field.field === 'answers' ? [answer(field.index)?.prompt ?? ''] : [],
  );
  return {
    id: entry.id,
    localDate: entry.localDate,
    date: entry.date,
    prompt,
    prompts: [...new Set(match.fields.map((field) => field.field))],
    ...(prompt === 'answers'
      ? { promptWording: answer(best?.index ?? 0)?.prompt ?? '', promptWordings: wordings }
      : {}),
    snippet,
    highlights,
  };
}
