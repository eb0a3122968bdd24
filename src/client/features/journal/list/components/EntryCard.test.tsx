// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../../shared/entry-schemas';
import { PROMPTS } from '../../../../../shared/entry-schemas';
import { button, click, draw, hasButton, USER } from '../../../../test/dom';
import { EntryCard } from './EntryCard';

const TODAY = '2026-11-22';

function entryOf(localDate: string): JournalEntry {
  return {
    id: `entry-${localDate}`,
    userId: USER.id,
    date: `${localDate}T08:15:00.000Z`,
    localDate,
    utcOffset: 0,
    gratitude: 'The morning light',
    celebration: 'Finished the chapter',
    manifestation: '',
    memory: '',
    updatedAt: `${localDate}T08:15:00.000Z`,
  };
}

function drawCard(entry: JournalEntry, inMonth = false) {
  return draw(<EntryCard entry={entry} today={TODAY} inMonth={inMonth} onDelete={() => undefined} deleting={false} />, {
    at: `/journal?date=${entry.localDate}`,
  });
}

// "Only entries whose day is the writer's today can be edited" (docs/product.md): the server refuses the rest on its
// own; the card offers Edit on today's alone.
describe("an entry's card", () => {
  it("offers Edit on today's entry, which opens its answers for editing in place", async () => {
    await drawCard(entryOf(TODAY));
    expect(hasButton('Edit')).toBe(true);
    expect(hasButton('Delete')).toBe(true);

    await click(button('Edit'));
    const gratitude = [...document.querySelectorAll('textarea')].find((field) => field.name === 'gratitude');
    expect(gratitude?.value).toBe('The morning light');
    expect(hasButton('Edit')).toBe(false);
  });

  it('offers no Edit on an entry of an earlier day, in the day list or the month, only Delete', async () => {
    for (const inMonth of [false, true]) {
      await drawCard(entryOf('2026-11-21'), inMonth);
      expect(hasButton('Edit')).toBe(false);
      expect(hasButton('Delete')).toBe(true);
      expect(document.querySelector('article')?.textContent).toContain(PROMPTS.gratitude);
    }
  });
});
