// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../../shared/entry-schemas';
import { PROMPTS } from '../../../../../shared/entry-schemas';
import { button, click, draw, hasButton, PROFILE, USER } from '../../../../test/dom';
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

function drawCard(entry: JournalEntry, inMonth = false, writePastDays = false) {
  return draw(<EntryCard entry={entry} today={TODAY} inMonth={inMonth} onDelete={() => undefined} deleting={false} />, {
    at: `/journal?date=${entry.localDate}`,
    profile: { ...PROFILE, writePastDays },
  });
}

const when = () => document.querySelector('.entry-when')?.textContent ?? '';

// "Only entries whose day is the writer's today can be edited" (docs/product.md §5), unless the writer writes past
// days: the server refuses the rest on its own; the card offers Edit on those it would take.
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

  it('offers Edit on an entry of an earlier day to a writer who writes past days, and opens it in place', async () => {
    for (const inMonth of [false, true]) {
      await drawCard(entryOf('2026-11-21'), inMonth, true);
      expect(hasButton('Edit')).toBe(true);
      await click(button('Edit'));
      const gratitude = [...document.querySelectorAll('textarea')].find((field) => field.name === 'gratitude');
      expect(gratitude?.value).toBe('The morning light');
    }
  });

  it('never offers Edit on an entry of a day after today, whatever the setting', async () => {
    for (const writePastDays of [false, true]) {
      await drawCard(entryOf('2026-11-23'), false, writePastDays);
      expect(hasButton('Edit')).toBe(false);
      expect(hasButton('Delete')).toBe(true);
    }
  });

  it('says quietly when an entry was added or edited after its own day, and nothing for one of its own day', async () => {
    await drawCard({ ...entryOf('2026-11-20'), addedOn: '2026-11-22' }, false, true);
    // The time it was written is the added day's, and said with it, not beside the entry's own day.
    const time = document.querySelector('.entry-late')?.textContent ?? '';
    expect(time).toMatch(/^added on November 22 at \d{1,2}:15\s[AP]M$/);
    expect(document.querySelector('time.entry-time')).toBeNull();
    expect(when()).not.toContain('edited');

    await drawCard({ ...entryOf('2026-11-20'), editedOn: '2026-11-21' });
    expect(when()).toContain('edited on November 21');
    expect(when()).not.toContain('added');
    expect(document.querySelector('time.entry-time')).not.toBeNull();

    await drawCard({ ...entryOf('2026-11-20'), addedOn: '2026-11-21', editedOn: '2026-11-22' }, true);
    expect(when()).toMatch(/added on November 21 at [^,]+, edited on November 22$/);

    // Another year is named.
    await drawCard({ ...entryOf('2025-12-31'), addedOn: '2026-01-02' });
    expect(when()).toContain('added on January 2, 2026');

    await drawCard(entryOf('2026-11-20'));
    expect(when()).not.toMatch(/added|edited/);
  });
});

/** The five moods' radio buttons, as a screen reader finds them: each named by its word. */
function moodRadios(): { word: string; checked: boolean; input: HTMLInputElement }[] {
  return [...document.querySelectorAll<HTMLInputElement>('fieldset.mood-choice input[type="radio"]')].map((input) => ({
    word: input.closest('label')?.textContent?.trim() ?? '',
    checked: input.checked,
    input,
  }));
}

// How the day felt (docs/product.md §5): a word, never a colour alone.
describe("an entry's mood on its card", () => {
  it('says the mood in words, and nothing for an entry without one', async () => {
    await drawCard({ ...entryOf(TODAY), mood: 4 });
    const note = document.querySelector('.entry-mood');
    expect(note?.textContent).toBe('Mood: Good');
    expect(note?.querySelector('.mood-dot')?.getAttribute('aria-hidden')).toBe('true');

    await drawCard(entryOf(TODAY));
    expect(document.querySelector('.entry-mood')).toBeNull();
    expect(document.querySelector('article')?.textContent).not.toContain('Mood');
  });

  it('opens an edit with the five moods as one radio group, its own chosen, and lets it change or go', async () => {
    await drawCard({ ...entryOf(TODAY), mood: 2 });
    await click(button('Edit'));
    const group = document.querySelector('fieldset.mood-choice');
    expect(group?.querySelector('legend')?.textContent).toBe('How did the day feel? (optional)');
    expect(moodRadios().map(({ word, checked }) => [word, checked])).toEqual([
      ['Rough', false],
      ['Low', true],
      ['Okay', false],
      ['Good', false],
      ['Great', false],
    ]);
    // One group: the five share a name, so arrows move between them and one tap chooses.
    expect(new Set(moodRadios().map(({ input }) => input.name)).size).toBe(1);

    await click(moodRadios()[4]?.input as HTMLInputElement);
    expect(moodRadios().filter(({ checked }) => checked).map(({ word }) => word)).toEqual(['Great']);

    await click(button('No mood'));
    expect(moodRadios().some(({ checked }) => checked)).toBe(false);
    expect(hasButton('No mood')).toBe(false);
  });

  it('asks before discarding a changed mood, as it does for changed words', async () => {
    await drawCard({ ...entryOf(TODAY), mood: 3 });
    await click(button('Edit'));
    await click(moodRadios()[0]?.input as HTMLInputElement);
    await click(button('Cancel'));
    expect(document.body.textContent).toContain('Discard your changes?');
  });
});

describe("an entry of the writer's own prompts on its card", () => {
  const answers = [
    { prompt: 'What went well?', answer: 'The bread rose.' },
    { prompt: 'What would I change?', answer: '' },
    { prompt: 'Who helped?', answer: 'Sam' },
  ];
  const ownEntry = (): JournalEntry => ({
    ...entryOf(TODAY),
    gratitude: '',
    celebration: '',
    manifestation: '',
    answers,
  });

  it('shows each answer under the wording it was written with, whatever the prompts are now', async () => {
    await draw(<EntryCard entry={ownEntry()} today={TODAY} inMonth={false} onDelete={() => undefined} deleting={false} />, {
      at: `/journal?date=${TODAY}`,
      profile: { ...PROFILE, prompts: { set: 'custom', prompts: ['Something else?'] } },
    });
    const shown = [...document.querySelectorAll('.entry-answer')].map((item) => [
      item.querySelector('dt')?.textContent,
      item.querySelector('dd')?.textContent,
    ]);
    expect(shown).toEqual([
      ['What went well?', 'The bread rose.'],
      ['Who helped?', 'Sam'],
    ]);
    expect(document.querySelector('article')?.textContent).not.toContain(PROMPTS.gratitude);
  });

  it('opens an edit under the same wording, the unanswered prompt too', async () => {
    await drawCard(ownEntry());
    await click(button('Edit'));
    const labels = [...document.querySelectorAll('.entry-edit-form label.entry-field-label')].map((label) => label.textContent);
    expect(labels).toEqual(['What went well?', 'What would I change?', 'Who helped?']);
    const areas = [...document.querySelectorAll<HTMLTextAreaElement>('.entry-edit-form textarea')].map((area) => area.value);
    expect(areas).toEqual(['The bread rose.', '', 'Sam']);
  });
});

describe("an entry's tags on its card", () => {
  it('lists its tags as links to the journal filtered by each, and nothing for an entry without', async () => {
    await drawCard({ ...entryOf(TODAY), gratitude: 'The morning #light', tags: ['été', 'light'] });
    const links = [...document.querySelectorAll<HTMLAnchorElement>('ul[aria-label="Tags"] a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['#été', '/journal?tag=%C3%A9t%C3%A9'],
      ['#light', '/journal?tag=light'],
    ]);
    await drawCard(entryOf(TODAY));
    expect(document.querySelector('ul[aria-label="Tags"]')).toBeNull();
  });

  it('opens an edit with its chips removable and its typed tags shown, and asks before discarding a removed chip', async () => {
    await drawCard({ ...entryOf(TODAY), gratitude: 'The morning #light', tags: ['été', 'light'] });
    await click(button('Edit'));
    const named = (name: string) => document.querySelector(`button[aria-label="${name}"]`) !== null;
    expect(named('Remove tag été')).toBe(true);
    // A typed tag goes with its word, not with a button.
    expect(named('Remove tag light')).toBe(false);
    expect(document.querySelector('.tag-typed')?.textContent).toContain('#light');
    await click(button('Remove tag été'));
    expect(named('Remove tag été')).toBe(false);
    await click(button('Cancel'));
    expect(document.body.textContent).toContain('Discard your changes?');
  });
});

describe("an entry of the writer's own prompts with tags, on its card", () => {
  const ownTagged = (): JournalEntry => ({
    ...entryOf(TODAY),
    gratitude: '',
    celebration: '',
    manifestation: '',
    answers: [{ prompt: 'Who helped?', answer: 'The #kids' }],
    tags: ['garden', 'kids'],
  });

  it('lists its tags under its answers, and its edit offers its chip and shows the tag its answer types', async () => {
    await drawCard(ownTagged());
    expect(document.querySelector('.entry-answer dt')?.textContent).toBe('Who helped?');
    const links = [...document.querySelectorAll<HTMLAnchorElement>('ul[aria-label="Tags"] a')];
    expect(links.map((link) => link.textContent)).toEqual(['#garden', '#kids']);
    await click(button('Edit'));
    const named = (name: string) => document.querySelector(`button[aria-label="${name}"]`) !== null;
    expect(named('Remove tag garden')).toBe(true);
    // The typed tag goes with its answer, not with a button.
    expect(named('Remove tag kids')).toBe(false);
    expect(document.querySelector('.tag-typed')?.textContent).toContain('#kids');
  });
});
