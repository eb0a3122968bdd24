/**
 * Tags (docs/product.md §5, decision 034): `#words` typed anywhere in an answer, and tags added as chips, are an
 * entry's tags. Plain values with no schema library, so the journal's screens and the server read them alike.
 */

/** The most tags one entry holds, the typed ones and the chips together. */
export const MAX_TAGS = 20;
/** The longest tag, in characters (code points), without its `#`. */
export const MAX_TAG_LENGTH = 50;

/** Letters (with their marks) and digits of any script, `-` and `_`. */
const TAG_CHARACTER = /[\p{L}\p{M}\p{N}_-]/u;
const TAG = /^[\p{L}\p{M}\p{N}_-]+$/u;
/**
 * A `#` at the start of a line or after a space or an opening bracket, then the tag's characters. A `#` inside a word
 * or an address (`a#b`, `example.com/#top`) is no tag, nor is a Markdown heading's `# `.
 */
const TYPED_TAG = /(^|[\s([{"'“‘])#([\p{L}\p{M}\p{N}_-]+)/gu;

export const TAG_MESSAGES = {
  invalid: `tags must be words of letters, digits, - and _ (at most ${MAX_TAG_LENGTH} characters each)`,
  tooLong: (tag: string) => `tags: #${[...tag].slice(0, 20).join('')}… is longer than ${MAX_TAG_LENGTH} characters`,
  tooMany: `tags: an entry holds at most ${MAX_TAGS} tags, #words in its answers included`,
  invalidName: `tag must be a word of letters, digits, - and _, at most ${MAX_TAG_LENGTH} characters`,
  sameTag: 'The tag to rename and its new name are the same',
  notFound: 'You have no entries with this tag',
} as const;

/** A tag as the journal tells tags apart: in lower case (each letter's own lower case), composed (NFC). */
export function foldTag(tag: string): string {
  return tag.normalize('NFC').toLowerCase();
}

/** Whether a (folded or not) text is a tag's name: one or more tag characters, at most MAX_TAG_LENGTH of them. */
export function isTagName(value: unknown): value is string {
  return typeof value === 'string' && TAG.test(value) && [...value.normalize('NFC')].length <= MAX_TAG_LENGTH;
}

/** The `#words` of a text, folded, in the order they first appear, each once; their length is not checked here. */
export function typedTags(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(TYPED_TAG)) found.add(foldTag(match[2] as string));
  return [...found];
}

/** The `#words` of several texts (an entry's answers), in order, each once. */
export function typedTagsOf(texts: readonly string[]): string[] {
  return unique(texts.flatMap(typedTags));
}

function unique(tags: readonly string[]): string[] {
  return [...new Set(tags)];
}

export type TagsResult = { ok: true; tags: string[] } | { ok: false; message: string };

/**
 * An entry's tags: its chips, then the `#words` of its answers that are not chips already, folded, each once. Refused
 * (with the message an API answer and the form show) when a chip is no tag, a tag is too long, or there are more
 * than MAX_TAGS.
 */
export function entryTags(chips: readonly unknown[], texts: readonly string[]): TagsResult {
  const folded: string[] = [];
  for (const chip of chips) {
    if (typeof chip !== 'string' || !TAG.test(chip)) return { ok: false, message: TAG_MESSAGES.invalid };
    folded.push(foldTag(chip));
  }
  const tags = unique([...folded, ...typedTagsOf(texts)]);
  const tooLong = tags.find((tag) => [...tag].length > MAX_TAG_LENGTH);
  if (tooLong !== undefined) return { ok: false, message: TAG_MESSAGES.tooLong(tooLong) };
  if (tags.length > MAX_TAGS) return { ok: false, message: TAG_MESSAGES.tooMany };
  return { ok: true, tags };
}

/**
 * A chip as typed in the form: a leading `#` and the spaces around dropped. Undefined when what is left is no tag.
 */
export function chipFromInput(input: string): string | undefined {
  const name = foldTag(input.trim().replace(/^#+/, ''));
  return isTagName(name) ? name : undefined;
}

/**
 * A text with each `#from` tag (as `typedTags` finds them, in any letter case) written `#to`: what renaming or merging
 * a tag does to an entry's answers. Everything else in the text is kept as it was.
 */
export function renameTypedTag(text: string, from: string, to: string): string {
  return text.replace(TYPED_TAG, (whole, before: string, tag: string) =>
    foldTag(tag) === from ? `${before}#${to}` : whole,
  );
}

/**
 * A tag made of another journal's tag name (Day One's, a CSV cell's), which may hold spaces and signs: spaces become
 * `-`, other characters that are no tag's are left out, and it is cut at MAX_TAG_LENGTH. Undefined when nothing is left.
 */
export function tagFromName(name: string): string | undefined {
  const kept = [...name.normalize('NFC').trim().replace(/\s+/gu, '-')].filter((character) => TAG_CHARACTER.test(character));
  const tag = foldTag(kept.slice(0, MAX_TAG_LENGTH).join(''));
  return tag.replace(/[-_]/g, '') === '' ? undefined : tag;
}

/**
 * A search query's `#words` (tags.ts's rule for typed tags) and the rest of it: `#family dinner` asks for the entries
 * tagged family that have the word dinner.
 */
export function tagsInQuery(query: string): { tags: string[]; rest: string } {
  const tags = typedTags(query);
  return { tags, rest: tags.length === 0 ? query : query.replace(TYPED_TAG, '$1') };
}

/** An entry's chips: its tags that its answers do not type (an edit sends these; the answers' are read again). */
export function chipsOf(tags: readonly string[] | undefined, texts: readonly string[]): string[] {
  const typed = new Set(typedTagsOf(texts));
  return (tags ?? []).filter((tag) => !typed.has(tag));
}

/** Whether a character can be part of a tag: the form uses it to say where a typed tag ends. */
export function isTagCharacter(character: string): boolean {
  return TAG_CHARACTER.test(character);
}

/** A writer's tag and how many of their entries have it, as Settings lists them. */
export interface TagCount {
  tag: string;
  entries: number;
}

/** The tags answer: every tag of the writer's, most used first. */
export interface TagList {
  tags: TagCount[];
}
