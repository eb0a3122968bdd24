import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../shared/entry-schemas';
import type { PendingWrite } from '../sync/outbox';
import { withPendingWrites } from './pending-entries';

function entry(id: string, date: string, gratitude = 'Stored'): JournalEntry {
  return {
    id,
    userId: 'u1',
    date,
    localDate: date.slice(0, 10),
    gratitude,
    celebration: '',
    manifestation: '',
    memory: '',
    utcOffset: 60,
    updatedAt: date,
  };
}

const content = (gratitude: string) => ({ gratitude, celebration: '', manifestation: '' });
const onDay = (dayKey: string) => (day: string) => day === dayKey;

const created: PendingWrite = {
  kind: 'create',
  opId: 'op1',
  id: 'new',
  content: content('Written offline'),
  localDate: '2026-11-22',
  writtenAt: '2026-11-22T12:00:00.000Z',
};

describe('withPendingWrites', () => {
  const stored = [entry('b', '2026-11-22T15:00:00.000Z'), entry('a', '2026-11-22T08:00:00.000Z')];

  it('lists the server entries as they are when nothing waits', () => {
    expect(withPendingWrites(stored, [], onDay('2026-11-22'))).toEqual(
      stored.map((item) => ({ ...item, pending: false })),
    );
  });

  it('shows an entry written offline among the others, newest first, as pending', () => {
    const listed = withPendingWrites(stored, [created], onDay('2026-11-22'));
    expect(listed.map((item) => [item.id, item.pending])).toEqual([
      ['b', false],
      ['new', true],
      ['a', false],
    ]);
    expect(listed[1]?.gratitude).toBe('Written offline');
  });

  it('leaves an entry written offline out of the lists of other days', () => {
    expect(withPendingWrites(stored, [created], onDay('2026-11-21')).map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('does not list an entry twice once the server has it', () => {
    const synced = [entry('new', '2026-11-22T12:00:01.000Z'), ...stored];
    expect(withPendingWrites(synced, [created], onDay('2026-11-22')).map((item) => item.id)).toEqual([
      'new',
      'b',
      'a',
    ]);
  });

  it('shows an offline edit with its new text, as pending', () => {
    const edit: PendingWrite = { kind: 'update', opId: 'op2', id: 'a', content: content('Edited'), localDate: '2026-11-22' };
    const listed = withPendingWrites(stored, [edit], onDay('2026-11-22'));
    expect(listed[1]).toMatchObject({ id: 'a', gratitude: 'Edited', pending: true });
    expect(listed[0]?.pending).toBe(false);
  });

  it('shows the latest text of an entry written and then edited offline', () => {
    const edit: PendingWrite = { kind: 'update', opId: 'op2', id: 'new', content: content('Better'), localDate: '2026-11-22' };
    const listed = withPendingWrites([], [created, edit], onDay('2026-11-22'));
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: 'new', gratitude: 'Better', pending: true });
  });

  it('hides entries deleted offline', () => {
    const gone: PendingWrite = { kind: 'delete', opId: 'op3', id: 'b' };
    expect(withPendingWrites(stored, [gone], onDay('2026-11-22')).map((item) => item.id)).toEqual(['a']);
  });

  it('lists a new entry for an earlier day on that day, not on the day it was written, saying when it was added', () => {
    const backfilled: PendingWrite = { ...created, id: 'past', day: '2026-11-20' };
    expect(withPendingWrites([], [backfilled], onDay('2026-11-22'))).toEqual([]);
    const [listed] = withPendingWrites([], [backfilled], onDay('2026-11-20'));
    expect(listed).toMatchObject({ id: 'past', localDate: '2026-11-20', addedOn: '2026-11-22', pending: true });
  });

  it('shows the mood of a write waiting to sync: a new one, a changed one, a cleared one, and keeps one left out', () => {
    const moody: PendingWrite = { ...created, content: { ...content('Written offline'), mood: 5 } };
    const withMood = [{ ...entry('b', '2026-11-22T15:00:00.000Z'), mood: 2 as const }];
    const edit = (mood?: 1 | null): PendingWrite => ({
      kind: 'update',
      opId: 'op2',
      id: 'b',
      content: { ...content('Edited'), ...(mood === undefined ? {} : { mood }) },
      localDate: '2026-11-22',
    });
    const day = onDay('2026-11-22');
    expect(withPendingWrites([], [moody], day)[0]?.mood).toBe(5);
    expect(withPendingWrites(withMood, [edit(1)], day)[0]?.mood).toBe(1);
    expect(withPendingWrites(withMood, [edit(null)], day)[0]).not.toHaveProperty('mood');
    expect(withPendingWrites(withMood, [edit()], day)[0]?.mood).toBe(2);
  });

  it('shows the tags of a write waiting to sync as the server will: chips, then typed, and keeps chips left out', () => {
    const tagged: PendingWrite = { ...created, content: { ...content('Dinner with #Family'), tags: ['lake'] } };
    const day = onDay('2026-11-22');
    expect(withPendingWrites([], [tagged], day)[0]?.tags).toEqual(['lake', 'family']);
    const stored = [{ ...entry('b', '2026-11-22T15:00:00.000Z'), gratitude: 'Walk #dog', tags: ['park', 'dog'] }];
    const edit = (gratitude: string, tags?: string[]): PendingWrite => ({
      kind: 'update',
      opId: 'op2',
      id: 'b',
      content: { ...content(gratitude), ...(tags === undefined ? {} : { tags }) },
      localDate: '2026-11-22',
    });
    // Left out, the chips stay and the typed tags follow the new text.
    expect(withPendingWrites(stored, [edit('Walk #cat')], day)[0]?.tags).toEqual(['park', 'cat']);
    expect(withPendingWrites(stored, [edit('Walk', [])], day)[0]).not.toHaveProperty('tags');
  });

  it('shows the answers and tags of a write of the writer’s own prompts, its answers’ #words among the tags', () => {
    const answers = [{ prompt: 'Who helped?', answer: 'Dinner with #Family' }];
    const own: PendingWrite = { ...created, content: { ...content(''), answers, tags: ['lake'] } };
    const [shown] = withPendingWrites([], [own], onDay('2026-11-22'));
    expect(shown).toMatchObject({ gratitude: '', answers, tags: ['lake', 'family'], pending: true });
    // An edit that leaves the tags out keeps the chips, and the typed tags follow the new answers.
    const stored = [{ ...entry('b', '2026-11-22T15:00:00.000Z', ''), answers, tags: ['lake', 'family'] }];
    const edit: PendingWrite = {
      kind: 'update',
      opId: 'op2',
      id: 'b',
      content: { ...content(''), answers: [{ prompt: 'Who helped?', answer: 'The #kids' }] },
      localDate: '2026-11-22',
    };
    expect(withPendingWrites(stored, [edit], onDay('2026-11-22'))[0]?.tags).toEqual(['lake', 'kids']);
  });
});

