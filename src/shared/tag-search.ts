import { ENTRY_FIELDS } from './entry-fields';
import {
  type EntryMatch,
  matchEntry,
  parseSearchQuery,
  type SearchableEntry,
  type SearchField,
  SearchQueryError,
  type SearchTerm,
} from './search';
import { tagsInQuery } from './tags';

/**
 * A search's `#words` as tags (docs/product.md §17, decision 034), shared by the server and the app's offline search:
 * `#family` finds the entries with the tag, `#family dinner` those of them with the word dinner.
 */

/** A query read as its tags and its terms; `empty` query problems are left to the caller when there are tags. */
export function readTaggedQuery(query: string): { tags: string[]; terms: SearchTerm[] } {
  const { tags, rest } = tagsInQuery(query);
  try {
    return { tags, terms: parseSearchQuery(rest) };
  } catch (error) {
    // `#family` alone asks for the entries with the tag.
    if (error instanceof SearchQueryError && error.problem === 'empty' && tags.length > 0) return { tags, terms: [] };
    throw error;
  }
}

/** A tag as a phrase of its words (`fam-night` is "fam night"), as search reads text. */
function phraseOf(tag: string): SearchTerm[] {
  try {
    return parseSearchQuery(`"${tag}"`);
  } catch {
    return [];
  }
}

/**
 * How an entry matches a query with tags: undefined unless it has every tag. With terms, as any search; with tags
 * alone, the words of its typed tags marked where it types them, or (a tag added as a chip) the start of its first
 * answer. With a prompt (and a wording), only an entry that types a tag, or the terms, under it.
 */
export function matchTagged(
  entry: SearchableEntry & { tags?: string[] | undefined },
  terms: SearchTerm[],
  tags: string[],
  prompt: SearchField | undefined,
  wording?: string,
): EntryMatch | undefined {
  if (!tags.every((tag) => entry.tags?.includes(tag))) return undefined;
  if (terms.length > 0) return matchEntry(entry, terms, prompt, wording);
  const typed = matchEntry(entry, tags.flatMap(phraseOf), prompt, wording);
  if (typed || prompt) return typed;
  // An entry of the writer's own prompts keeps its words in its answers, its four texts empty.
  const answer = entry.answers?.findIndex(({ answer: text }) => text !== '') ?? -1;
  if (answer >= 0) return { fields: [{ field: 'answers', index: answer, ranges: [] }], score: 0 };
  const first = ENTRY_FIELDS.find((field) => entry[field] !== '') ?? 'gratitude';
  return { fields: [{ field: first, index: 0, ranges: [] }], score: 0 };
}
