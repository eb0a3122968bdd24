import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FIELD_LENGTH } from '../../../../../shared/limits';
import { limitNesting, MAX_DEPTH, MAX_INLINE_MARKS, readAnswer } from '../answer-markdown';
import { readPlainAnswer } from '../plain-answer';
import { AnswerText, loadAnswerMarkdown } from './AnswerText';

// The Markdown reader is loaded once an answer needs it (AnswerText.lazy.test.tsx); here it is loaded already.
beforeAll(async () => {
  await loadAnswerMarkdown();
});

const draw = (text: string, runOn = false) => renderToStaticMarkup(<AnswerText text={text} runOn={runOn} />);

/** Every element the markup holds, by name. */
const elementsOf = (html: string) => [...html.matchAll(/<([a-z0-9]+)[\s>/]/g)].map((match) => match[1] ?? '');
const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'span', 'h3', 'h4', 'h5', 'blockquote', 'ul', 'ol', 'li']);

/** The markup holds only the subset's elements, and no attribute but a class and a list's start. */
function expectSafe(html: string) {
  for (const name of elementsOf(html)) expect(ALLOWED.has(name), `<${name}> in ${html.slice(0, 200)}`).toBe(true);
  const attributes = [...html.matchAll(/<[a-z0-9]+((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/g)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/([a-z-]+)=/g)].map((attribute) => attribute[1]),
  );
  for (const attribute of attributes) expect(['class', 'start']).toContain(attribute);
  expect(html).not.toMatch(/<(script|img|a|iframe|style|svg|math|object|embed|link|form|input)\b/i);
}

describe('an answer as it reads', () => {
  it('draws the subset: paragraphs, line breaks, bold, italics, lists, headings and quotes', () => {
    const html = draw('# A good day\n\nThe **sea** was _calm_\nand warm.\n\n- bread\n- tea\n\n3. three\n4. four\n\n> said a friend');
    expect(html).toBe(
      '<h3 class="answer-heading">A good day</h3><p>The <strong>sea</strong> was <em>calm</em><br/>and warm.</p>' +
        '<ul><li><p>bread</p></li><li><p>tea</p></li></ul><ol start="3"><li><p>three</p></li><li><p>four</p></li></ol>' +
        '<blockquote><p>said a friend</p></blockquote>',
    );
  });

  it('keeps plain writing as it was typed: line breaks, several spaces, and characters HTML would read', () => {
    expect(draw('Tea & toast < 5 min  "yes"\nsecond line')).toBe(
      '<p>Tea &amp; toast &lt; 5 min  &quot;yes&quot;<br/>second line</p>',
    );
    expect(draw('')).toBe('');
  });

  it('shows raw HTML as the characters typed, never as markup', () => {
    for (const hostile of [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      'before <img src="x" onerror="alert(1)"> after',
      '<a href="javascript:alert(1)">click</a>',
      '<iframe src="http://evil/"></iframe>',
      '<style>body{display:none}</style>',
      '**<b onmouseover=alert(1)>bold</b>**',
      '<svg onload=alert(1)>',
    ]) {
      const html = draw(hostile);
      expectSafe(html);
      // The writer's characters are all there, escaped by React.
      expect(html.replace(/<[^>]+>/g, '')).toContain(hostile.replaceAll('**', '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').slice(0, 20));
    }
    expect(draw('<script>alert(1)</script>')).toBe('<p class="answer-plain">&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('shows a link as its words and its address, not a link, whatever the address', () => {
    expect(draw('[x](javascript:alert(1))')).toBe(
      '<p><span class="answer-link">x<span class="answer-address"> (javascript:alert(1))</span></span></p>',
    );
    expect(draw('See [the **park**](https://example.org/park "title")')).toBe(
      '<p>See <span class="answer-link">the <strong>park</strong><span class="answer-address"> (https://example.org/park)</span></span></p>',
    );
    // An address written out is shown once.
    expect(draw('<https://example.org> and www.example.com')).toBe('<p>https://example.org and www.example.com</p>');
    expectSafe(draw('[a](data:text/html,<script>alert(1)</script>) [b]: javascript:alert(1)\n\n[c][b]'));
  });

  it('never loads an image: it shows its description and address as words', () => {
    expect(draw('![](http://evil/)')).toBe(
      '<p><span class="answer-image">Picture<span class="answer-address"> (http://evil/)</span></span></p>',
    );
    expect(draw('![a cat](http://evil/cat.png "t")')).toBe(
      '<p><span class="answer-image">Picture: a cat<span class="answer-address"> (http://evil/cat.png)</span></span></p>',
    );
    expectSafe(draw('[![x](http://evil/a.png)](http://evil/b)'));
  });

  it('shows what the subset does not draw as typed: code, tables, rules, strikethrough', () => {
    expect(draw('```js\nalert(1)\n```')).toBe('<p class="answer-plain">```js\nalert(1)\n```</p>');
    expect(draw('a `<b>` ~~c~~')).toBe('<p>a `&lt;b&gt;` ~~c~~</p>');
    expect(draw('---')).toBe('<p class="answer-plain">---</p>');
    expect(draw('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('<p class="answer-plain">| a | b |\n|---|---|\n| 1 | 2 |</p>');
  });

  it('reads deeply nested quotes and lists, and very long lines, with bounded nesting', () => {
    const hostile = [
      '>'.repeat(MAX_FIELD_LENGTH),
      '> '.repeat(MAX_FIELD_LENGTH / 2),
      '- '.repeat(MAX_FIELD_LENGTH / 2) + 'x',
      '> - '.repeat(MAX_FIELD_LENGTH / 4) + 'x',
      '1. '.repeat(MAX_FIELD_LENGTH / 3),
      Array.from({ length: 95 }, (_, depth) => `${' '.repeat(depth * 2)}- level ${depth}`).join('\n'),
      Array.from({ length: 200 }, (_, depth) => `${'>'.repeat(depth)} line`).join('\n'),
      'a'.repeat(MAX_FIELD_LENGTH),
      '*a'.repeat(MAX_FIELD_LENGTH / 2),
      '_a'.repeat(MAX_FIELD_LENGTH / 2),
      '['.repeat(MAX_FIELD_LENGTH),
      '[a]('.repeat(MAX_FIELD_LENGTH / 4),
      '<'.repeat(MAX_FIELD_LENGTH),
      '**a _b '.repeat(MAX_FIELD_LENGTH / 7),
    ];
    for (const text of hostile) {
      const html = draw(text);
      expectSafe(html);
      // Nesting is bounded: at most MAX_DEPTH levels of quotes and lists, whatever the text.
      let depth = 0;
      let deepest = 0;
      for (const match of html.matchAll(/<(\/?)(blockquote|ul|ol)\b/g)) {
        depth += match[1] === '' ? 1 : -1;
        deepest = Math.max(deepest, depth);
      }
      expect(deepest, text.slice(0, 40)).toBeLessThanOrEqual(MAX_DEPTH);
      expectSafe(draw(text, true));
    }
  });

  it('reads an answer longer than any the server stores, or full of marks, as plain text, without parsing it', () => {
    const long = `**${'a'.repeat(MAX_FIELD_LENGTH)}**`;
    expect(readAnswer(long)).toEqual([{ kind: 'plain', text: long }]);
    const marks = '_a'.repeat(MAX_INLINE_MARKS + 1);
    expect(readAnswer(marks)).toEqual([{ kind: 'plain', text: marks }]);
    // A few hundred marks still read.
    expect(draw('**a** '.repeat(MAX_INLINE_MARKS / 4))).toContain('<strong>a</strong>');
  });

  it('leaves ordinary lines alone when it limits nesting', () => {
    const text = '- one\n  - two\n    - three\n> quoted\n\tindented';
    expect(limitNesting(text)).toBe(text);
    expect(limitNesting(`${'> '.repeat(20)}deep`)).toBe(`${'> '.repeat(8).trimEnd()} deep`);
  });

  it('runs an answer on as one paragraph for the line it is remembered by', () => {
    expect(draw('# Title\n\nSome **bold**\n\n- a\n- b\n\n> q', true)).toBe(
      '<strong>Title</strong><br/>Some <strong>bold</strong><br/>• a<br/>• b<br/>q',
    );
  });
});

/** A generator of numbers from a seed, so that the texts below are the same on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('an answer of plain sentences, read without the Markdown reader', () => {
  const sentences = [
    'A long walk by the river with Sam.',
    'Tea & toast in the garden, 7:30 am; the light was lovely!',
    'My sister called (finally) - we laughed for an hour.',
    '2026 was the year I learned to swim.',
    'He said: "you did well" :) and I believed him.',
    'Caf\u00e9 au lait, cr\u00e8me br\u00fbl\u00e9e, \u65e5\u672c\u8a9e, \u0645\u0631\u062d\u0628\u0627 \ud83c\udf1e',
    'Good sleep.\nA warm shower.\n\nThe bus was on time.',
    'a > b, and 3 + 4 = 7; 100% sure? yes.',
  ];

  it('reads plain sentences, line breaks and paragraphs as the Markdown reader does', () => {
    for (const text of sentences) {
      const plain = readPlainAnswer(text);
      expect(plain, text).not.toBeNull();
      expect(plain, text).toEqual(readAnswer(text));
    }
    expect(readPlainAnswer('  \n ')).toEqual([]);
    const long = 'a'.repeat(MAX_FIELD_LENGTH + 1);
    expect(readPlainAnswer(long)).toEqual(readAnswer(long));
  });

  it('leaves to the Markdown reader every answer that may hold Markdown', () => {
    for (const text of [
      'The **sea**',
      '_calm_',
      '# A good day',
      '> said a friend',
      '- bread',
      '+ tea',
      '* milk',
      '1. one',
      '3) three',
      'Title\n===',
      'Title\n---',
      '***',
      'a `b`',
      '[a](b)',
      '<b>x</b>',
      'a\\*b',
      '~~gone~~',
      'a | b\n--- | ---',
      'mail me at a@b.com',
      'see www.example.com',
      'see https://example.org',
      'A &#65; B',
      'x  \ny',
      'a\n\n    code',
      'a\tb',
      'a\r\nb',
      'a\u00a0\nb',
    ]) {
      expect(readPlainAnswer(text), text).toBeNull();
    }
  });

  it('gives, for every text it reads, the blocks the Markdown reader gives', () => {
    // Texts made of words and of every character that means something somewhere, in every place in a line.
    const pieces = [
      'word', 'Word', 'two words', ' ', '  ', '\n', '\n\n', '\n \n', '.', ',', ':', ';', '!', '?', '(', ')', '"', "'",
      '-', '+', '=', '#', '>', '*', '_', '~', '`', '[', ']', '<', '|', '\\', '&', '&amp;', '&#65;', '@', '/', '//', 'www.',
      'http', 'me@example.org', 'www.example.com', 'https://example.org', '\n=', '\n==', '\n---', '\n    ',
      '1', '12', '1.', '3)', '\t', '\u00a0', '\u2028', '\u0000', '\u001b', '\u00e9', '\ud83c\udf1e', '%', '$', '^', '{', '}',
    ];
    const random = seeded(40);
    let read = 0;
    for (let round = 0; round < 20_000; round += 1) {
      const length = 1 + Math.floor(random() * 12);
      const text = Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)] ?? '').join('');
      const plain = readPlainAnswer(text);
      if (plain === null) continue;
      read += 1;
      expect(plain, JSON.stringify(text)).toEqual(readAnswer(text));
    }
    // Enough of them were plain for the comparison to say something.
    expect(read).toBeGreaterThan(1_000);
  });
});
