import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayCounts } from '../../shared/day-counts';
import type { JournalEntry } from '../../shared/entry-schemas';
import type { EntryPhoto } from '../../shared/photos';
import { DATABASE_KINDS } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';

const TODAY = '2026-03-15';

/** A small photo of one colour, as the phone's camera might send one. */
function jpeg(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).jpeg().toBuffer();
}

describe.each(DATABASE_KINDS)('a photo of the day in the calendars on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
    h.clock.set(`${TODAY}T12:00:00.000Z`);
  });
  afterAll(async () => {
    await h.close();
  });

  async function upload(agent: Agent, colour = '#c33'): Promise<EntryPhoto> {
    const res = await agent.post('/api/photos', await jpeg(colour), { 'content-type': 'image/jpeg' });
    expect(res.status, res.text).toBe(201);
    return res.json as unknown as EntryPhoto;
  }

  /** Writes an entry with these photos on the day, with the server's clock at `time` on that day. */
  async function writeOn(agent: Agent, day: string, photos: EntryPhoto[], time = '12:00'): Promise<JournalEntry> {
    h.clock.set(`${day}T${time}:00.000Z`);
    const res = await agent.post('/api/entries', {
      content: { gratitude: 'The light this morning', celebration: '', manifestation: '', photos: photos.map((p) => p.id) },
      localDate: day,
    });
    h.clock.set(`${TODAY}T12:00:00.000Z`);
    expect(res.status, res.text).toBe(201);
    return res.json as unknown as JournalEntry;
  }

  async function days(agent: Agent, query: string): Promise<DayCounts> {
    const res = await agent.get(`/api/days?${query}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    return res.json as unknown as DayCounts;
  }

  async function thumbStatus(agent: Agent, id: string) {
    const response = await h.journal.app.request(`/api/photos/${id}/thumb`, { headers: { cookie: agent.cookie } });
    return { status: response.status, cache: response.headers.get('cache-control'), type: response.headers.get('content-type') };
  }

  it('is off for a new writer, turns on and off from the profile, and refuses what is not a yes or a no', async () => {
    const { agent } = await signUpAndVerify(h);
    expect((await agent.get('/api/profile')).json).toMatchObject({ calendarPhotos: false });
    expect((await agent.get('/api/auth/session')).json).toMatchObject({ profile: { calendarPhotos: false } });

    const on = await agent.patch('/api/profile', { preferences: { calendarPhotos: true } });
    expect(on.status, on.text).toBe(200);
    expect(on.json).toMatchObject({ calendarPhotos: true, writePastDays: false, showMemorySection: false });
    expect((await agent.get('/api/auth/session')).json).toMatchObject({ profile: { calendarPhotos: true } });

    for (const junk of ['yes', 1, null, { on: true }]) {
      const refused = await agent.patch('/api/profile', { preferences: { calendarPhotos: junk } });
      expect(refused.status).toBe(400);
    }
    expect((await agent.get('/api/profile')).json).toMatchObject({ calendarPhotos: true });

    const off = await agent.patch('/api/profile', { preferences: { calendarPhotos: false } });
    expect(off.json).toMatchObject({ calendarPhotos: false });
  });

  it('names each day’s first photo in the year’s and the month’s days, and follows edits and deletes', async () => {
    const { agent } = await signUpAndVerify(h);
    const [a, b, c, d] = [await upload(agent), await upload(agent, '#3c3'), await upload(agent, '#33c'), await upload(agent)];
    // The 14th: a later entry with one photo, then an earlier one with two; the earlier entry's first photo is the day's.
    const later = await writeOn(agent, '2026-03-14', [c], '18:00');
    const earlier = await writeOn(agent, '2026-03-14', [a, b], '08:00');
    await writeOn(agent, '2026-02-03', [d]);
    // A day with an entry and no photo has none.
    h.clock.set(`${TODAY}T12:00:00.000Z`);
    expect(
      (await agent.post('/api/entries', { content: { gratitude: 'Tea', celebration: '', manifestation: '' }, localDate: TODAY })).status,
    ).toBe(201);

    const year = await days(agent, 'year=2026');
    expect(year.photos).toEqual({ '2026-02-03': d.id, '2026-03-14': a.id });
    expect(year.days).toEqual({ '2026-02-03': 1, '2026-03-14': 2, [TODAY]: 1 });
    expect((await days(agent, 'month=2026-03')).photos).toEqual({ '2026-03-14': a.id });
    expect((await days(agent, 'month=2026-02')).photos).toEqual({ '2026-02-03': d.id });
    expect((await days(agent, 'month=2026-01')).photos).toEqual({});
    expect((await days(agent, 'year=2025')).photos).toEqual({});
    // The id is the thumbnail's address for its owner.
    expect(await thumbStatus(agent, a.id)).toEqual({
      status: 200,
      cache: 'private, max-age=31536000, immutable',
      type: 'image/webp',
    });

    // Reordered, the entry's new first photo is the day's.
    const reorder = await agent.put(`/api/entries/${earlier.id}`, {
      content: { gratitude: 'Edited', celebration: '', manifestation: '', photos: [b.id, a.id] },
      localDate: '2026-03-14',
    });
    expect(reorder.status, reorder.text).toBe(200);
    expect((await days(agent, 'month=2026-03')).photos).toEqual({ '2026-03-14': b.id });
    // Its photos all removed, the next entry's first photo is.
    const cleared = await agent.put(`/api/entries/${earlier.id}`, {
      content: { gratitude: 'Edited', celebration: '', manifestation: '', photos: [] },
      localDate: '2026-03-14',
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect((await days(agent, 'year=2026')).photos).toEqual({ '2026-02-03': d.id, '2026-03-14': c.id });
    // The entry deleted, its day has no photo.
    expect((await agent.delete(`/api/entries/${later.id}`)).status).toBe(200);
    expect((await days(agent, 'year=2026')).photos).toEqual({ '2026-02-03': d.id });
  });

  it('never gives one writer another’s photo ids, nor their photos by those ids', async () => {
    const ada = await signUpAndVerify(h, { name: 'Ada' });
    const bob = await signUpAndVerify(h, { name: 'Bob' });
    const adas = await upload(ada.agent);
    await writeOn(ada.agent, '2026-03-10', [adas]);
    // Bob's upload, never saved with an entry, is no day's photo.
    const unsaved = await upload(bob.agent);
    h.clock.set(`2026-03-10T12:00:00.000Z`);
    await bob.agent.post('/api/entries', {
      content: { gratitude: 'Bread', celebration: '', manifestation: '' },
      localDate: '2026-03-10',
    });
    h.clock.set(`${TODAY}T12:00:00.000Z`);

    for (const query of ['year=2026', 'month=2026-03']) {
      const bobs = await days(bob.agent, query);
      expect(bobs.photos).toEqual({});
      expect(JSON.stringify(bobs)).not.toContain(adas.id);
    }
    expect((await days(ada.agent, 'month=2026-03')).photos).toEqual({ '2026-03-10': adas.id });
    expect(JSON.stringify(await days(ada.agent, 'year=2026'))).not.toContain(unsaved.id);
    expect((await thumbStatus(bob.agent, adas.id)).status).toBe(404);
    // Nobody signed in gets neither the days nor the photo.
    const stranger = h.agent();
    expect((await stranger.get('/api/days?year=2026')).status).toBe(401);
    expect((await thumbStatus(stranger, adas.id)).status).toBe(401);
  });

  it.each([
    'year=2026&user=someone',
    'year=2026&photos=1',
    'month=2026-03&photos=first',
    'year=2026&year=2025',
    'year=twenty',
    'month=2026-13',
    'photos=1',
    '',
  ])('refuses ?%s with a 400 before reading any photo', async (query) => {
    const { agent } = await signUpAndVerify(h);
    const res = await agent.get(`/api/days?${query}`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'invalid-range' });
    expect(res.text).not.toMatch(/photos"\s*:/);
  });
});
