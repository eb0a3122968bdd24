// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../../shared/entry-schemas';
import { answer, button, click, draw, hasButton, PROFILE, settled, USER, words } from '../../../../test/dom';
import { DayEntries } from './DayEntries';

const TODAY = '2026-11-22';
const ADD_PAST = 'Add an entry for this day';

function entryOn(localDate: string): JournalEntry {
  return {
    id: `entry-${localDate}`,
    userId: USER.id,
    date: `${localDate}T08:15:00.000Z`,
    localDate,
    utcOffset: 0,
    gratitude: 'The morning light',
    celebration: '',
    manifestation: '',
    memory: '',
    updatedAt: `${localDate}T08:15:00.000Z`,
  };
}

/** A day's list as the server has it, for a writer with or without past days. */
async function drawDay(day: string, { writePastDays, entries }: { writePastDays: boolean; entries: JournalEntry[] }) {
  answer(() => ({ status: 200, body: { entries, nextCursor: null } }));
  const opened: string[] = [];
  await draw(
    <DayEntries
      dayKey={day}
      today={TODAY}
      onAddEntry={() => undefined}
      onAddEntryFor={(chosen) => opened.push(chosen)}
      onDelete={() => undefined}
      deletingId={null}
    />,
    { at: `/journal?date=${day}`, profile: { ...PROFILE, writePastDays } },
  );
  await settled(() => expect(words()).toMatch(entries.length > 0 ? /The morning light/ : /No journal entry for this day/));
  return opened;
}

// docs/product.md §2 and §5: an earlier day without an entry offers to write it, for a writer who writes past days.
describe("a past day's list", () => {
  it('offers to add an entry to an earlier day without one, and opens the form for that day', async () => {
    const opened = await drawDay('2026-11-21', { writePastDays: true, entries: [] });
    expect(words()).toContain('Missed yesterday?');
    await click(button(ADD_PAST));
    expect(opened).toEqual(['2026-11-21']);

    await drawDay('2026-11-02', { writePastDays: true, entries: [] });
    expect(words()).toContain('Missed this day?');
    expect(hasButton(ADD_PAST)).toBe(true);
  });

  it('offers nothing while the setting is off, nor on a day that has an entry', async () => {
    await drawDay('2026-11-21', { writePastDays: false, entries: [] });
    expect(hasButton(ADD_PAST)).toBe(false);
    await drawDay('2026-11-21', { writePastDays: true, entries: [entryOn('2026-11-21')] });
    expect(hasButton(ADD_PAST)).toBe(false);
  });
});
