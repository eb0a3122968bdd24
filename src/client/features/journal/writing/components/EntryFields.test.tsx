import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EntryFields } from './EntryFields';

const EMPTY = { gratitude: '', celebration: '', manifestation: '', memory: '' };

/** The markup, and the ids a field's aria-describedby names (the `name`d field's). */
function drawn(markup: string, name: string): { describedBy: string[]; markup: string } {
  const field = new RegExp(`<(?:input|textarea)[^>]*name="${name}"[^>]*>`).exec(markup)?.[0] ?? '';
  const describedBy = /aria-describedby="([^"]*)"/.exec(field)?.[1]?.split(' ') ?? [];
  return { describedBy, markup };
}

function textOf(markup: string, id: string): string | undefined {
  return new RegExp(`<p id="${id}" class="([^"]*)">([^<]*)</p>`).exec(markup)?.slice(1).join(' | ');
}

describe('the character count of an entry field', () => {
  it('keeps a hint first in the description, and marks a field over the limit as an error', () => {
    const values = { ...EMPTY, gratitude: 'a'.repeat(10_012), manifestation: 'b'.repeat(9_188) };
    const markup = renderToStaticMarkup(<EntryFields values={values} onChange={() => {}} showMemory={false} />);

    const gratitude = drawn(markup, 'gratitude').describedBy;
    expect(gratitude).toHaveLength(1);
    expect(textOf(markup, gratitude[0] ?? '')).toBe('field-count field-count-over | 12 characters over the limit');

    const manifestation = drawn(markup, 'manifestation').describedBy;
    expect(manifestation).toHaveLength(2);
    expect(markup).toContain(`<p id="${manifestation[0]}" class="entry-field-hint">`);
    expect(textOf(markup, manifestation[1] ?? '')).toBe('field-count | 812 characters left');

    expect(drawn(markup, 'celebration').describedBy).toEqual([]);
    expect(markup.match(/role="status"/g)).toHaveLength(3);
  });
});
