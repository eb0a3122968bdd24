import { MAX_FIELD_LENGTH } from '../../../../shared/limits';
import type { Block, Inline } from './answer-markdown';

/**
 * Most answers are plain sentences, with nothing the Markdown subset (answer-markdown.ts) would read: this reads those
 * without marked, which is then not loaded at all, and says which answers it cannot vouch for. It is deliberately
 * cautious: whatever might mean something to marked goes to marked, and for whatever it reads, it gives exactly the
 * blocks `readAnswer` gives (AnswerText.test.tsx compares the two over many texts).
 */

/**
 * The most inline marks (`*`, `_`, `[`, `<`, backticks) an answer may hold and still be read: marked matches them
 * against each other, which takes time that grows with the square of their number in a paragraph (10,000 underscores
 * take half a second). Real writing holds a few dozen; an answer with more reads as typed.
 */
export const MAX_INLINE_MARKS = 500;
export const INLINE_MARK = /[*_[<`]/g;

/**
 * Characters and sequences that may mean something wherever they stand: emphasis, code, links and pictures, raw HTML,
 * escapes, strikethrough, tables, entities (`&#65;` reads as `A`), the addresses GFM turns into links, and any space
 * but the plain one (tabs indent, and marked reads some others at a line's end), and control characters.
 */
const MEANS_SOMETHING = /[\\`*_~[<|@]|&[#\w]|:\/\/|www\.|[^\S \n]|[^\P{Cc}\n]/iu;
/** How a line may start to open a block: headings, quotes, lists, rules, setext underlines. */
const OPENS_A_BLOCK = /^(?:[#>\-+*=_]|\d{1,9}[.)])/;

/**
 * The blocks of an answer that needs no Markdown reading, or `null` when it might: the caller then reads it with
 * `readAnswer`. An empty answer, and one `readAnswer` would show as typed without reading it (longer than any the
 * server stores, or with more marks than MAX_INLINE_MARKS), are answered here too.
 */
export function readPlainAnswer(text: string): Block[] | null {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (trimmed.length > MAX_FIELD_LENGTH || (trimmed.match(INLINE_MARK)?.length ?? 0) > MAX_INLINE_MARKS) {
    return [{ kind: 'plain', text: trimmed }];
  }
  if (MEANS_SOMETHING.test(trimmed)) return null;
  const paragraphs: Block[] = [];
  let children: Inline[] = [];
  for (const line of trimmed.split('\n')) {
    if (line === '') {
      if (children.length > 0) paragraphs.push({ kind: 'paragraph', children });
      children = [];
      continue;
    }
    if (line.trim() !== line || OPENS_A_BLOCK.test(line)) return null;
    if (children.length > 0) children.push({ kind: 'break' });
    children.push({ kind: 'text', text: line });
  }
  if (children.length > 0) paragraphs.push({ kind: 'paragraph', children });
  return paragraphs;
}
