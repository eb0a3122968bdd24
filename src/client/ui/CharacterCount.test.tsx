import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField';

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
});
