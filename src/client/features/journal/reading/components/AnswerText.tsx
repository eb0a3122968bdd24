import { Fragment, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Block, Inline, readAnswer } from '../answer-markdown';
import { readPlainAnswer } from '../plain-answer';
import '../../../../styles/answer-text.css';

function drawInlines(items: Inline[]): ReactNode[] {
  return items.map((item, index) => {
    switch (item.kind) {
      case 'text':
        return <Fragment key={index}>{item.text}</Fragment>;
      case 'break':
        return <br key={index} />;
      case 'strong':
        return <strong key={index}>{drawInlines(item.children)}</strong>;
      case 'em':
        return <em key={index}>{drawInlines(item.children)}</em>;
      case 'address':
        // Words, not a link: nothing here is fetched or followed.
        return (
          <span key={index} className={item.image ? 'answer-image' : 'answer-link'}>
            {item.image && (item.children.length > 0 ? 'Picture: ' : 'Picture')}
            {drawInlines(item.children)}
            <span className="answer-address"> ({item.address})</span>
          </span>
        );
    }
  });
}

// A writer's headings sit inside an entry, under the day's heading (h2): the biggest is an h3.
const HEADINGS = { 1: 'h3', 2: 'h4', 3: 'h5' } as const;

function drawBlocks(items: Block[]): ReactNode[] {
  return items.map((block, index) => {
    switch (block.kind) {
      case 'paragraph':
        return <p key={index}>{drawInlines(block.children)}</p>;
      case 'plain':
        return (
          <p key={index} className="answer-plain">
            {block.text}
          </p>
        );
      case 'heading': {
        const Heading = HEADINGS[block.level];
        return (
          <Heading key={index} className="answer-heading">
            {drawInlines(block.children)}
          </Heading>
        );
      }
      case 'quote':
        return <blockquote key={index}>{drawBlocks(block.children)}</blockquote>;
      case 'list': {
        const items = block.items.map((item, itemIndex) => <li key={itemIndex}>{drawBlocks(item)}</li>);
        return block.ordered ? (
          <ol key={index} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={index}>{items}</ul>
        );
      }
    }
  });
}

/**
 * The same answer on one line's room (the line an earlier entry is remembered by): its marks read, its blocks run on
 * with line breaks, a heading in bold, a list's items with their bullet or number.
 */
function drawRunOn(items: Block[], out: ReactNode[] = [], prefix = ''): ReactNode[] {
  const line = (node: (key: number) => ReactNode) => {
    if (out.length > 0) out.push(<br key={out.length} />);
    out.push(node(out.length));
  };
  for (const block of items) {
    switch (block.kind) {
      case 'paragraph':
        line((key) => (
          <Fragment key={key}>
            {prefix}
            {drawInlines(block.children)}
          </Fragment>
        ));
        break;
      case 'plain':
        line((key) => <Fragment key={key}>{prefix + block.text}</Fragment>);
        break;
      case 'heading':
        line((key) => (
          <strong key={key}>
            {prefix}
            {drawInlines(block.children)}
          </strong>
        ));
        break;
      case 'quote':
        drawRunOn(block.children, out, prefix);
        break;
      case 'list':
        block.items.forEach((item, itemIndex) =>
          drawRunOn(item, out, block.ordered ? `${block.start + itemIndex}. ` : '\u2022 '),
        );
        break;
    }
  }
  return out;
}

type ReadAnswer = typeof readAnswer;

/** The Markdown reader, once loaded: the first answer that needs it loads it, and every later one reads at once. */
let markdownReader: ReadAnswer | null = null;
let loadingReader: Promise<ReadAnswer> | null = null;

/**
 * Loads the Markdown reader (answer-markdown.ts, with marked) if it is not here yet. It is a chunk of its own: an
 * answer of plain sentences never needs it (plain-answer.ts), so the journal's first screen does not wait for it, nor
 * pay for it, unless an answer on it is written in Markdown. A load that fails is tried again by the next answer that
 * needs it.
 */
export function loadAnswerMarkdown(): Promise<ReadAnswer> {
  loadingReader ??= import('../answer-markdown').then(
    (module) => (markdownReader = module.readAnswer),
    (error: unknown) => {
      loadingReader = null;
      throw error;
    },
  );
  return loadingReader;
}

/**
 * An answer as it reads (answer-markdown.ts): its paragraphs, line breaks, bold, italics, lists, headings and quotes,
 * drawn as React elements. `runOn` keeps it to phrasing content, for a line inside a paragraph.
 *
 * An answer of plain sentences is read here, without the Markdown reader. One that may hold Markdown shows as typed, in
 * the block an answer the reader cannot read shows in, until the reader has loaded (the service worker keeps its chunk
 * with the app's other files, so offline too), and then as it reads.
 */
export function AnswerText({ text, runOn = false }: { text: string; runOn?: boolean }) {
  const plain = useMemo(() => readPlainAnswer(text), [text]);
  const [loaded, setLoaded] = useState<ReadAnswer | null>(null);
  const read = loaded ?? markdownReader;
  const waiting = plain === null && read === null;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    loadAnswerMarkdown().then(
      (reader) => {
        if (live) setLoaded(() => reader);
      },
      () => {
        // Offline with the reader never loaded: the answer stays as typed.
      },
    );
    return () => {
      live = false;
    };
  }, [waiting]);
  const blocks = useMemo(() => plain ?? (read ? read(text) : asTyped(text)), [plain, read, text]);
  return <>{runOn ? drawRunOn(blocks) : drawBlocks(blocks)}</>;
}

/** An answer as the writer typed it, in one block: what readAnswer shows of what it cannot read. */
function asTyped(text: string): Block[] {
  return [{ kind: 'plain', text: text.trim() }];
}
