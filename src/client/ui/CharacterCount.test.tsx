import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EntryFields } from '../features/journal/writing/components/EntryFields';
import { TextField } from './TextField';

const EMPTY = { gratitude: '', celebration: '', manifestation: '', memory: '' };

/** A display name field holding `length` characters, drawn. */
function displayName(length: number): string {
  return renderToStaticMarkup(
    <TextField
      label="Display Name"
      name="displayName"
      characterLimit={100}
      value={'n'.repeat(length)}
      onChange={() => {}}
    />,
  );
}

/** The markup, and the ids a field's aria-describedby names (the `name`d field's). */
function drawn(markup: string, name: string): { describedBy: string[]; markup: string } {
  const field = new RegExp(`<(?:input|textarea)[^>]*name="${name}"[^>]*>`).exec(markup)?.[0] ?? '';
  const describedBy = /aria-describedby="([^"]*)"/.exec(field)?.[1]?.split(' ') ?? [];
  return { describedBy, markup };
}

function textOf(markup: string, id: string): string | undefined {
  return new RegExp(`<p id="${id}" class="([^"]*)">([^<]*)</p>`).exec(markup)?.slice(1).join(' | ');
}

describe('the character count of a field', () => {
  it('is not shown, nor named as the description, far from the limit; its status region is always there', () => {
    const { describedBy, markup } = drawn(displayName(89), 'displayName');
    expect(describedBy).toEqual([]);
    expect(markup).not.toContain('characters left');
    expect(markup).toContain('<p role="status" class="visually-hidden"></p>');
  });

  it('describes a display name near its limit with what is left', () => {
    const { describedBy, markup } = drawn(displayName(95), 'displayName');
    expect(describedBy).toHaveLength(1);
    expect(textOf(markup, describedBy[0] ?? '')).toBe('field-count | 5 characters left');
  });

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
