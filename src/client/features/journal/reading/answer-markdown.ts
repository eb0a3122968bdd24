import { Lexer, type Token, type Tokens } from 'marked';
import { MAX_FIELD_LENGTH } from '../../../../shared/limits';
import { INLINE_MARK, MAX_INLINE_MARKS } from './plain-answer';

export { MAX_INLINE_MARKS };

/**
 * How an answer reads (docs/product.md §2, "Reading what was written"): a light subset of Markdown, so that a journal
 * kept elsewhere (Day One writes `**bold**` and `# headings`) reads as it did there. Writing stays plain text; this is
 * only how the stored words are shown.
 *
 * The answer is read by marked's lexer into tokens, and only the parts below are kept, as a tree of our own that the
 * renderer (components/AnswerText.tsx) draws with React elements: no HTML string is ever made or inserted. Everything
 * else (raw HTML, code, tables, rules, strikethrough) shows as the characters the writer typed. A link shows its text
 * and its address, and is not a link; an image shows its description and its address, and is never loaded.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'break' }
  | { kind: 'strong' | 'em'; children: Inline[] }
  /** A link or an image, shown as words: never fetched, never followed. */
  | { kind: 'address'; image: boolean; children: Inline[]; address: string };

export type Block =
  | { kind: 'paragraph'; children: Inline[] }
  /** What the subset does not draw, as it was typed. */
  | { kind: 'plain'; text: string }
  | { kind: 'heading'; level: 1 | 2 | 3; children: Inline[] }
  | { kind: 'quote'; children: Block[] }
  | { kind: 'list'; ordered: boolean; start: number; items: Block[][] };

/**
 * The most container marks (quote marks, list bullets, indentation) a line may open with, in characters: deeper
 * nesting than this is no one's journal, and marked reads it recursively (thousands of `>` overflow its stack).
 * Sixteen `>` at most, about eight levels of lists.
 */
export const MAX_LINE_PREFIX = 16;
/** How deep the tree may nest at all; below it, what is left reads as typed. */
export const MAX_DEPTH = 10;

const LINE_PREFIX = /^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+[ \t>]*)*/;

/** Cuts every line's container marks to MAX_LINE_PREFIX characters; ordinary writing is left exactly as it is. */
export function limitNesting(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const prefix = LINE_PREFIX.exec(line)?.[0] ?? '';
      return prefix.length <= MAX_LINE_PREFIX ? line : `${prefix.slice(0, MAX_LINE_PREFIX).trimEnd()} ${line.slice(prefix.length)}`;
    })
    .join('\n');
}

function inlines(tokens: Token[] | undefined, depth: number): Inline[] {
  if (!tokens) return [];
  const out: Inline[] = [];
  const push = (item: Inline) => {
    const last = out.at(-1);
    if (item.kind === 'text' && last?.kind === 'text') last.text += item.text;
    else out.push(item);
  };
  for (const token of tokens as Tokens.Generic[]) {
    const children = depth < MAX_DEPTH ? (token.tokens as Token[] | undefined) : undefined;
    switch (token.type) {
      case 'text':
        if (children) for (const child of inlines(children, depth + 1)) push(child);
        else push({ kind: 'text', text: String(token.text) });
        break;
      case 'escape':
        push({ kind: 'text', text: String(token.text) });
        break;
      case 'br':
        push({ kind: 'break' });
        break;
      case 'strong':
      case 'em':
        if (children) push({ kind: token.type, children: inlines(children, depth + 1) });
        else push({ kind: 'text', text: token.raw });
        break;
      case 'link':
      case 'image': {
        const image = token.type === 'image';
        const alt = String(token.text).trim();
        const words: Inline[] = !image ? inlines(children, depth + 1) : alt === '' ? [] : [{ kind: 'text', text: alt }];
        // An address written out (<https://…>, www.…) is its own text: shown once.
        if (token.autolink === true || (token.type === 'link' && token.text === token.href)) push({ kind: 'text', text: String(token.text) });
        else push({ kind: 'address', image, children: words, address: String(token.href) });
        break;
      }
      case 'checkbox':
        push({ kind: 'text', text: token.checked === true ? '[x] ' : '[ ] ' });
        break;
      default:
        // Raw HTML, code, strikethrough and anything new: the characters as typed.
        push({ kind: 'text', text: token.raw });
    }
  }
  return out;
}

function blocks(tokens: Token[], depth: number): Block[] {
  const out: Block[] = [];
  for (const token of tokens as Tokens.Generic[]) {
    if (token.type === 'space') continue;
    if (depth >= MAX_DEPTH) {
      out.push({ kind: 'plain', text: token.raw.trim() });
      continue;
    }
    switch (token.type) {
      case 'paragraph':
      case 'text':
        out.push({ kind: 'paragraph', children: inlines(token.tokens ?? [{ type: 'text', raw: token.raw, text: token.text } as Token], depth + 1) });
        break;
      case 'heading':
        out.push({
          kind: 'heading',
          level: Math.min(Number(token.depth), 3) as 1 | 2 | 3,
          children: inlines(token.tokens, depth + 1),
        });
        break;
      case 'blockquote':
        out.push({ kind: 'quote', children: blocks(token.tokens ?? [], depth + 1) });
        break;
      case 'list': {
        const list = token as Tokens.List;
        out.push({
          kind: 'list',
          ordered: list.ordered,
          start: typeof list.start === 'number' ? list.start : 1,
          items: list.items.map((item) => blocks(item.tokens, depth + 1)),
        });
        break;
      }
      default: {
        // Code, tables, rules, raw HTML, link definitions: as typed.
        const text = token.raw.replace(/^\n+|\n+$/g, '');
        if (text.trim() !== '') out.push({ kind: 'plain', text });
      }
    }
  }
  return out;
}

/**
 * An answer's words as blocks of the subset. The work is bounded: an answer longer than any the server stores, or with
 * more than MAX_INLINE_MARKS marks, reads as plain text; each line's nesting is cut (limitNesting); and whatever the
 * lexer still cannot read reads as plain text.
 */
export function readAnswer(text: string): Block[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (trimmed.length > MAX_FIELD_LENGTH || (trimmed.match(INLINE_MARK)?.length ?? 0) > MAX_INLINE_MARKS) {
    return [{ kind: 'plain', text: trimmed }];
  }
  try {
    return blocks(new Lexer({ gfm: true, breaks: true }).lex(limitNesting(trimmed)), 0);
  } catch {
    return [{ kind: 'plain', text: trimmed }];
  }
}
