// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerText, loadAnswerMarkdown } from './AnswerText';

// React's act() warns unless the environment says it is a test's.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Whether the Markdown reader (answer-markdown.ts, with marked) has been loaded in this file's page. */
const reader = vi.hoisted(() => ({ loaded: false }));
vi.mock('../answer-markdown', async (original) => {
  reader.loaded = true;
  return await original();
});

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function drawAnswers(texts: string[]) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <>
        {texts.map((text, index) => (
          <div key={index} className="answer-text">
            <AnswerText text={text} />
          </div>
        ))}
      </>,
    ),
  );
  cleanups.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  return container;
}

describe('an answer on screen, and the Markdown reader', () => {
  // In this order: the reader is loaded once per page, and the first test sees the page before it is.
  it('draws answers of plain sentences without loading the Markdown reader', async () => {
    const container = drawAnswers(['A long walk by the river.', 'Tea & toast,\nthen the bus.\n\nA call from Sam!']);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(container.innerHTML).toBe(
      '<div class="answer-text"><p>A long walk by the river.</p></div>' +
        '<div class="answer-text"><p>Tea &amp; toast,<br>then the bus.</p><p>A call from Sam!</p></div>',
    );
    expect(reader.loaded).toBe(false);
  });

  it('shows an answer in Markdown as typed in its place until the reader has loaded, then as it reads', async () => {
    const hostile = '<img src=x onerror=alert(1)> **hi**';
    const container = drawAnswers(['A **bold** day\n\n- tea', 'A plain day.', hostile]);
    // Before the reader is here: the characters as typed, in the block an unread answer shows in; no raw HTML.
    expect(container.innerHTML).toBe(
      '<div class="answer-text"><p class="answer-plain">A **bold** day\n\n- tea</p></div>' +
        '<div class="answer-text"><p>A plain day.</p></div>' +
        '<div class="answer-text"><p class="answer-plain">&lt;img src=x onerror=alert(1)&gt; **hi**</p></div>',
    );
    // The reader loading, as the answers asked for it.
    await act(async () => {
      await loadAnswerMarkdown();
    });
    expect(reader.loaded).toBe(true);
    expect(container.innerHTML).toBe(
      '<div class="answer-text"><p>A <strong>bold</strong> day</p><ul><li><p>tea</p></li></ul></div>' +
        '<div class="answer-text"><p>A plain day.</p></div>' +
        '<div class="answer-text"><p>&lt;img src=x onerror=alert(1)&gt; <strong>hi</strong></p></div>',
    );
    expect(container.querySelector('img')).toBeNull();
    // Once loaded, an answer in Markdown reads at once.
    expect(drawAnswers(['_calm_ sea']).innerHTML).toBe('<div class="answer-text"><p><em>calm</em> sea</p></div>');
  });
});
