import { describe, expect, it } from 'vitest';
import { chipFromInput, entryTags, MAX_TAGS, renameTypedTag, TAG_MESSAGES, tagFromName, tagsInQuery, typedTags } from './tags';

describe('tags', () => {
  it('finds #words after a space, a line break or an opening bracket, in any script, folded, each once', () => {
    expect(typedTags('#Hello (#world)\n#ÉTÉ and #日本語, [#a_b-c] #hello')).toEqual(['hello', 'world', 'été', '日本語', 'a_b-c']);
  });

  it('sees no tag inside a word or an address, in a heading, or after a second #', () => {
    expect(typedTags('a#b example.com/#top # Heading ## Sub ##double #')).toEqual([]);
  });

  it('refuses chips that are no tag, a tag too long and too many tags, with messages that name tags', () => {
    expect(entryTags(['two words'], [])).toEqual({ ok: false, message: TAG_MESSAGES.invalid });
    expect(entryTags([`${'a'.repeat(51)}`], [])).toMatchObject({ ok: false });
    const twenty = Array.from({ length: MAX_TAGS }, (_, i) => `t${i}`);
    expect(entryTags(twenty, [])).toMatchObject({ ok: true });
    expect(entryTags(twenty, ['#more'])).toEqual({ ok: false, message: TAG_MESSAGES.tooMany });
    // A chip also typed counts once.
    expect(entryTags(twenty, ['#T0'])).toMatchObject({ ok: true });
  });

  it('renames a typed tag in any letter case, leaving longer tags and other text alone', () => {
    expect(renameTypedTag('#Fam and #fam-night, (#FAM). a#fam', 'fam', 'family')).toBe(
      '#family and #fam-night, (#family). a#fam',
    );
  });

  it('makes tags of chips typed with a #, and of other journals’ tag names', () => {
    expect(chipFromInput('  #Family ')).toBe('family');
    expect(chipFromInput('two words')).toBeUndefined();
    expect(tagFromName('Road Trip 2019!')).toBe('road-trip-2019');
    expect(tagFromName('!!!')).toBeUndefined();
    expect(tagFromName('x'.repeat(80))).toHaveLength(50);
  });

  it('takes a search query’s #words apart from its words', () => {
    expect(tagsInQuery('#family dinner #Home')).toEqual({ tags: ['family', 'home'], rest: ' dinner ' });
    expect(tagsInQuery('no tags here')).toEqual({ tags: [], rest: 'no tags here' });
  });
});
