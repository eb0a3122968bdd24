import { describe, expect, it } from 'vitest';
import { isDayKey } from './dates';
import { dayKeySchema, entryContentSchema, hasDangerousContent } from './entry-schemas';

const text = { gratitude: 'My family', celebration: 'A long walk', manifestation: 'A calm week' };

describe('dangerous content (docs/product.md §5)', () => {
  it.each([
    '<script>',
    '<SCRIPT src=x>',
    '< script',
    '</script>',
    '< / script>',
    '<\t/\nScript',
    'see javascript:alert(1)',
    'JavaScript :void',
    'data:text/html',
    'DATA :x',
  ])('finds %j', (value) => {
    expect(hasDangerousContent(value)).toBe(true);
  });

  it.each(['a < b and c > d', '<scrip', '< // script', 'java script:', 'dat a:', 'my data is safe', 'a / script'])(
    'lets %j through',
    (value) => {
      expect(hasDangerousContent(value)).toBe(false);
    },
  );

  it('searches a text of a "<" and a million spaces in one pass, not one per way of splitting the spaces', () => {
    // With two runs of spaces around an optional "/", this text took about 2.5 s at 60,000 spaces and four times as
    // long for each doubling: a million would hold this test (and a server) for about ten minutes.
    const spaces = ' '.repeat(1_000_000);
    expect(hasDangerousContent(`<${spaces}`)).toBe(false);
    expect(hasDangerousContent(`<${spaces}script`)).toBe(true);
    expect(hasDangerousContent(`<${spaces}/${spaces}script`)).toBe(true);
  });
});

describe('an entry field', () => {
  it('over the length limit is refused for its length alone, without being searched', () => {
    const result = entryContentSchema.safeParse({ ...text, gratitude: `<script>${'a'.repeat(10_000)}` });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Gratitude exceeds maximum length of 10000 characters',
    ]);
  });

  it('that is not text is refused as such, and not searched', () => {
    const result = entryContentSchema.safeParse({ ...text, memory: 'a\u0000<script>' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Invalid memory format']);
  });

  it('within the limit is still searched', () => {
    const result = entryContentSchema.safeParse({ ...text, celebration: `${'a'.repeat(9_990)}<script>` });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Invalid content detected']);
  });
});

describe('isDayKey', () => {
  it('accepts exactly the days dayKeySchema accepts', () => {
    const texts = ['2026-11-27', '2024-02-29', '2000-02-29', '1900-02-29', '2026-02-29', '2026-04-31', '2026-12-31', '2026-13-01', '2026-00-10', '2026-01-00', '0001-01-01', '2026-1-01', '2026-01-01T00:00', ' 2026-01-01', '', 'today'];
    for (const text of texts) expect(isDayKey(text), text).toBe(dayKeySchema.safeParse(text).success);
  });
});
