import { z } from 'zod';
import { dayKeyToNumber, dayNumberToKey } from '../../shared/dates';
import { dayKeySchema, ENTRY_FIELDS } from '../../shared/entry-schemas';
import { SEARCH_MESSAGES } from '../../shared/messages';
import { MAX_PROMPT_LENGTH } from '../../shared/prompts';
import {
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_MAX_TERMS,
  SEARCH_ORDERS,
  SearchQueryError,
  type SearchField,
  type SearchOrder,
  type SearchTerm,
} from '../../shared/search';
import { readTaggedQuery } from '../../shared/tag-search';
import { isTagName, TAG_MESSAGES } from '../../shared/tags';
import { HttpError } from '../http/errors';
import type { EntryCursor } from '../journal/repository';

/** A search as GET /api/search asks for it, checked. */
export interface SearchRequest {
  terms: SearchTerm[];
  /** The query's `#words`: tags every result has (src/shared/tags.ts). */
  tags: string[];
  prompt: SearchField | undefined;
  /** With `prompt=answers`, only the answers written under this wording of the writer's own prompts. */
  wording: string | undefined;
  firstDay: number | undefined;
  lastDay: number | undefined;
  order: SearchOrder;
  cursor: SearchCursor | undefined;
}

/** Where the next page begins: after an entry (newest first), or after so many results (best match first). */
export type SearchCursor = { order: 'newest'; after: EntryCursor } | { order: 'best'; offset: number };

type Parameter = 'q' | 'prompt' | 'wording' | 'from' | 'to' | 'order' | 'cursor';

const invalid = (code: string, message: string) => new HttpError(400, code, message);

/** The one value of a parameter, or undefined; a parameter given twice is refused rather than half read. */
function single(queries: Record<string, string[]>, name: Parameter): string | undefined {
  const values = queries[name];
  if (values === undefined || values.length === 0) return undefined;
  if (values.length > 1) throw invalid('invalid-search', SEARCH_MESSAGES.repeated(name));
  return values[0];
}

const QUERY_PROBLEMS = {
  empty: SEARCH_MESSAGES.empty,
  'too-long': SEARCH_MESSAGES.tooLong,
  'too-many-terms': SEARCH_MESSAGES.tooManyTerms,
} as const;

/** A real calendar day, YYYY-MM-DD, as the export's range reads it (src/shared/query-schemas.ts). */
function dayParameter(value: string | undefined, message: string): number | undefined {
  if (value === undefined) return undefined;
  const day = dayKeySchema.safeParse(value).success ? dayKeyToNumber(value) : undefined;
  if (day === undefined || dayNumberToKey(day) !== value) throw invalid('invalid-range', message);
  return day;
}

const cursorText = (max: number) => z.string().max(max).refine((text) => !text.includes('\0'));
const cursorSchema = z.union([
  // The day is a 32-bit column on PostgreSQL: a cursor outside its range names no row, and must not reach the query.
  z.object({ n: z.tuple([z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1), cursorText(40), cursorText(64)]) }).strict(),
  z.object({ b: z.number().int().min(0).max(1_000_000) }).strict(),
]);

export function encodeSearchCursor(cursor: SearchCursor): string {
  const value =
    cursor.order === 'newest' ? { n: [cursor.after.localDay, cursor.after.date, cursor.after.id] } : { b: cursor.offset };
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeSearchCursor(value: string, order: SearchOrder): SearchCursor {
  try {
    const parsed = cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString()));
    if ('n' in parsed && order === 'newest') {
      const [localDay, date, id] = parsed.n;
      return { order, after: { localDay, date, id } };
    }
    if ('b' in parsed && order === 'best') return { order, offset: parsed.b };
  } catch {
    // Falls through to the refusal.
  }
  throw invalid('invalid-cursor', SEARCH_MESSAGES.invalidCursor);
}

/** GET /api/search's parameters: q, and prompt, from, to, order and cursor when given. Anything wrong is a 400. */
export function readSearchRequest(queries: Record<string, string[]>): SearchRequest {
  let terms: SearchTerm[];
  const q = single(queries, 'q') ?? '';
  if (q.length > SEARCH_MAX_QUERY_LENGTH) throw invalid('invalid-search', QUERY_PROBLEMS['too-long']);
  let tags: string[];
  try {
    ({ tags, terms } = readTaggedQuery(q));
  } catch (error) {
    if (error instanceof SearchQueryError) throw invalid('invalid-search', QUERY_PROBLEMS[error.problem]);
    throw error;
  }
  if (tags.some((tag) => !isTagName(tag))) throw invalid('invalid-search', TAG_MESSAGES.invalid);
  if (terms.length + tags.length > SEARCH_MAX_TERMS) throw invalid('invalid-search', QUERY_PROBLEMS['too-many-terms']);
  const promptValue = single(queries, 'prompt');
  // `answers`: the answers of the entries written with the writer's own prompts.
  if (promptValue !== undefined && promptValue !== 'answers' && !(ENTRY_FIELDS as readonly string[]).includes(promptValue)) {
    throw invalid('invalid-search', SEARCH_MESSAGES.invalidPrompt);
  }
  const wording = single(queries, 'wording');
  if (wording !== undefined && (promptValue !== 'answers' || wording.length === 0 || wording.length > MAX_PROMPT_LENGTH)) {
    throw invalid('invalid-search', SEARCH_MESSAGES.invalidWording);
  }
  const orderValue = single(queries, 'order') ?? 'newest';
  if (!(SEARCH_ORDERS as readonly string[]).includes(orderValue)) throw invalid('invalid-search', SEARCH_MESSAGES.invalidOrder);
  const order = orderValue as SearchOrder;
  const firstDay = dayParameter(single(queries, 'from'), SEARCH_MESSAGES.invalidFrom);
  const lastDay = dayParameter(single(queries, 'to'), SEARCH_MESSAGES.invalidTo);
  if (firstDay !== undefined && lastDay !== undefined && firstDay > lastDay) {
    throw invalid('invalid-range', SEARCH_MESSAGES.fromAfterTo);
  }
  const cursorValue = single(queries, 'cursor');
  return {
    terms,
    tags,
    prompt: promptValue as SearchField | undefined,
    wording,
    firstDay,
    lastDay,
    order,
    cursor: cursorValue === undefined ? undefined : decodeSearchCursor(cursorValue, order),
  };
}

/** The words the index can look up for a term: whole words and phrases' words; `text` terms are checked on the text. */
function wordsOf(term: SearchTerm): string[] {
  if (term.kind === 'word') return [term.text];
  if (term.kind === 'phrase') return term.words;
  return [];
}

/** A word the index can look up begins with a letter, digit or private-use character (not a mark alone). */
const LOOKUP = /[\p{L}\p{N}\p{Co}]/u;

/**
 * SQLite: the FTS5 query for the entries that may match, or undefined when none of the terms can be looked up (then
 * the journal is read entry by entry). Each word becomes its first 2, 3, 4, 6 or 8 characters as a prefix, which are
 * exactly the prefix indexes of search_text (migration 011), so each is one lookup however many other people's words
 * begin the same way; the entry's text then decides (src/shared/search.ts). A word of one character narrows nothing
 * and is only checked on the text. Each prefix is quoted, so nothing typed is read as FTS5's syntax.
 */
export function sqliteMatch(terms: SearchTerm[]): string | undefined {
  const prefixes = new Set<string>();
  for (const word of terms.flatMap(wordsOf)) {
    const characters = [...word];
    if (characters.length < 2 || !LOOKUP.test(word)) continue;
    const length = characters.length >= 8 ? 8 : characters.length >= 6 ? 6 : Math.min(characters.length, 4);
    prefixes.add(`"${characters.slice(0, length).join('').replaceAll('"', '""')}"*`);
  }
  return prefixes.size > 0 ? [...prefixes].join(' AND ') : undefined;
}

// The answers to a writer's own prompts are indexed in the memory's place (migration 022).
const WEIGHTS: Record<SearchField, string> = { gratitude: 'A', celebration: 'B', manifestation: 'C', memory: 'D', answers: 'D' };

/** A lexeme of the writer's own, quoted as tsquery's input reads it. */
function lexeme(ownerKey: string, word: string): string {
  return `'${(ownerKey + word).replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * PostgreSQL: the tsquery for the entries that may match, or undefined when none of the terms can be looked up.
 * Every word is begun with the writer's number (`ownerKey`, "42_"), as the index's words are, so the index reads that
 * person's words only. A word is a prefix (:*); a phrase's words follow each other (<->), whole but for the last of an
 * open phrase; a prompt is the weight its words carry (migration 011). The text is built here from folded words
 * and cast to tsquery as it is, never parsed by to_tsquery.
 */
export function postgresTsQuery(terms: SearchTerm[], ownerKey: string, prompt: SearchField | undefined): string | undefined {
  const weight = prompt ? WEIGHTS[prompt] : '';
  const parts: string[] = [];
  for (const term of terms) {
    if (term.kind === 'word') {
      parts.push(`${lexeme(ownerKey, term.text)}:*${weight}`);
    } else if (term.kind === 'phrase') {
      const last = term.words.length - 1;
      const words = term.words.map((word, index) =>
        term.open && index === last ? `${lexeme(ownerKey, word)}:*${weight}` : `${lexeme(ownerKey, word)}${weight ? `:${weight}` : ''}`,
      );
      parts.push(words.length > 1 ? `(${words.join(' <-> ')})` : (words[0] ?? ''));
    }
  }
  return parts.length > 0 ? parts.join(' & ') : undefined;
}
