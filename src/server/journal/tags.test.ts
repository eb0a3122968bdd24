import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryPage, JournalEntry } from '../../shared/entry-schemas';
import type { SearchPage } from '../../shared/search';
import { MAX_TAG_LENGTH, MAX_TAGS, TAG_MESSAGES, type TagList } from '../../shared/tags';
import { DATABASE_KINDS } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';

const TODAY = '2026-03-15';

describe.each(DATABASE_KINDS)('an entry’s tags on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
    h.clock.set(`${TODAY}T12:00:00.000Z`);
  });
  afterAll(async () => {
    await h.close();
  });

  function create(agent: Agent, gratitude: string, tags?: unknown, more: Record<string, unknown> = {}) {
    return agent.post('/api/entries', {
      content: { gratitude, celebration: '', manifestation: '', ...(tags === undefined ? {} : { tags }), ...more },
      localDate: TODAY,
    });
  }

  function edit(agent: Agent, id: string, gratitude: string, tags?: unknown) {
    return agent.put(`/api/entries/${id}`, {
      content: { gratitude, celebration: '', manifestation: '', ...(tags === undefined ? {} : { tags }) },
      localDate: TODAY,
    });
  }

  async function created(agent: Agent, gratitude: string, tags?: unknown): Promise<JournalEntry> {
    const res = await create(agent, gratitude, tags);
    expect(res.status, res.text).toBe(201);
    return res.json as unknown as JournalEntry;
  }

  async function todays(agent: Agent): Promise<JournalEntry[]> {
    return ((await agent.get(`/api/entries?day=${TODAY}`)).json as unknown as EntryPage).entries;
  }

  async function tagList(agent: Agent): Promise<TagList['tags']> {
    const res = await agent.get('/api/tags');
    expect(res.status, res.text).toBe(200);
    return (res.json as unknown as TagList).tags;
  }

  async function tagged(agent: Agent, tag: string, query = ''): Promise<EntryPage> {
    const res = await agent.get(`/api/tags/entries?tag=${encodeURIComponent(tag)}${query}`);
    expect(res.status, res.text).toBe(200);
    return res.json as unknown as EntryPage;
  }

  it('takes the #words typed in any answer and the chips as the entry’s tags, folded, each once', async () => {
    const { agent } = await signUpAndVerify(h);
    const res = await agent.post('/api/entries', {
      content: {
        gratitude: '#Family dinner with (#friends), and #family again',
        celebration: 'Passed the exam #école_2026 #日本語 #नमस्ते',
        manifestation: 'No tag in a#b, example.com/#top, # heading or ##double; "#quoted" at the end #last-one',
        tags: ['Garden', 'FRIENDS'],
      },
      localDate: TODAY,
    });
    expect(res.status, res.text).toBe(201);
    const entry = res.json as unknown as JournalEntry;
    expect(entry.tags).toEqual([
      'garden',
      'friends',
      'family',
      'école_2026',
      '日本語',
      'नमस्ते',
      'quoted',
      'last-one',
    ]);
    // The text is kept as written.
    expect(entry.gratitude).toBe('#Family dinner with (#friends), and #family again');
    expect((await todays(agent))[0]?.tags).toEqual(entry.tags);
    // An entry without tags says nothing of them.
    const plain = await created(agent, 'Nothing tagged');
    expect(plain).not.toHaveProperty('tags');
  });

  it('refuses bad tags, too long or too many, with a 400 naming tags, and stores nothing', async () => {
    const { agent } = await signUpAndVerify(h);
    const long = 'a'.repeat(MAX_TAG_LENGTH + 1);
    const twentyOne = Array.from({ length: MAX_TAGS + 1 }, (_, i) => `t${i}`);
    const hostile: [string, unknown, string][] = [
      ['A day', ['two words'], TAG_MESSAGES.invalid],
      ['A day', ['#hash'], TAG_MESSAGES.invalid],
      ['A day', [''], TAG_MESSAGES.invalid],
      ['A day', ['<script>'], TAG_MESSAGES.invalid],
      ['A day', [42], TAG_MESSAGES.invalid],
      ['A day', [null], TAG_MESSAGES.invalid],
      ['A day', 'family', TAG_MESSAGES.invalid],
      ['A day', { family: true }, TAG_MESSAGES.invalid],
      ['A day', [long], TAG_MESSAGES.tooLong(long)],
      ['A day', ['İ'.repeat(MAX_TAG_LENGTH)], TAG_MESSAGES.tooLong('i̇'.repeat(MAX_TAG_LENGTH))],
      [`A day #${long}`, undefined, TAG_MESSAGES.tooLong(long)],
      ['A day', twentyOne, TAG_MESSAGES.tooMany],
      ['A day', Array.from({ length: 5_000 }, () => 'x'), TAG_MESSAGES.tooMany],
      [twentyOne.map((tag) => `#${tag}`).join(' '), undefined, TAG_MESSAGES.tooMany],
      // Twenty chips and one more typed: the answers’ tags count.
      ['A day #more', twentyOne.slice(0, MAX_TAGS), TAG_MESSAGES.tooMany],
    ];
    for (const [gratitude, tags, message] of hostile) {
      const res = await create(agent, gratitude, tags);
      expect(res.status, `${JSON.stringify(tags)?.slice(0, 30)}: ${res.text}`).toBe(400);
      expect((res.json as { message: string }).message).toBe(message);
      expect((res.json as { message: string }).message).toMatch(/tags/);
    }
    expect(await todays(agent)).toEqual([]);
    expect(await tagList(agent)).toEqual([]);

    // Exactly at the limits is fine.
    const atLimit = await created(agent, `A day #${'b'.repeat(MAX_TAG_LENGTH)}`, twentyOne.slice(0, MAX_TAGS - 1));
    expect(atLimit.tags).toHaveLength(MAX_TAGS);

    // An edit is refused the same way, and the entry keeps what it had.
    const res = await edit(agent, atLimit.id, 'Edited #one-more', twentyOne.slice(0, MAX_TAGS));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: TAG_MESSAGES.tooMany });
    expect(await todays(agent)).toEqual([atLimit]);
  });

  it('lets an edit change the chips and the typed tags, and keeps the chips when tags are left out', async () => {
    const { agent } = await signUpAndVerify(h);
    const entry = await created(agent, 'Walk with #dog', ['outdoors']);
    expect(entry.tags).toEqual(['outdoors', 'dog']);
    // A client that knows nothing of tags leaves them out: the chips stay, the answers’ tags follow the text.
    const kept = await edit(agent, entry.id, 'Walk with #cat');
    expect(kept.json).toMatchObject({ tags: ['outdoors', 'cat'] });
    const changed = await edit(agent, entry.id, 'Walk, no tag', ['indoors']);
    expect(changed.json).toMatchObject({ tags: ['indoors'] });
    const cleared = await edit(agent, entry.id, 'Walk, no tag', []);
    expect(cleared.json).not.toHaveProperty('tags');
    expect(await tagList(agent)).toEqual([]);
    expect((await tagged(agent, 'dog')).entries).toEqual([]);
  });

  it('lists a writer’s tags with counts, and their entries with a tag newest first, a page at a time', async () => {
    const { agent } = await signUpAndVerify(h);
    const made: JournalEntry[] = [];
    for (let i = 0; i < 7; i += 1) {
      h.clock.set(`${TODAY}T0${i}:00:00.000Z`);
      made.push(await created(agent, `Day ${i} #family${i % 2 === 0 ? ' #walk' : ''}`));
    }
    h.clock.set(`${TODAY}T12:00:00.000Z`);
    await created(agent, 'Untagged');
    expect(await tagList(agent)).toEqual([
      { tag: 'family', entries: 7 },
      { tag: 'walk', entries: 4 },
    ]);

    const first = await tagged(agent, 'Family', '&limit=3');
    expect(first.entries.map((entry) => entry.gratitude)).toEqual(['Day 6 #family #walk', 'Day 5 #family', 'Day 4 #family #walk']);
    expect(first.nextCursor).not.toBeNull();
    const second = await tagged(agent, 'family', `&limit=3&cursor=${first.nextCursor}`);
    const third = await tagged(agent, 'family', `&limit=3&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    expect([...first.entries, ...second.entries, ...third.entries]).toEqual([...made].reverse());
    expect((await tagged(agent, 'walk')).entries.map((entry) => entry.gratitude)).toEqual([
      'Day 6 #family #walk',
      'Day 4 #family #walk',
      'Day 2 #family #walk',
      'Day 0 #family #walk',
    ]);

    // A deleted entry leaves its tags’ lists and counts.
    await agent.delete(`/api/entries/${made[6]?.id}`);
    expect(await tagList(agent)).toEqual([
      { tag: 'family', entries: 6 },
      { tag: 'walk', entries: 3 },
    ]);
    expect((await tagged(agent, 'walk')).entries).toHaveLength(3);
  });

  it('refuses junk queries for a tag’s entries with a 400 that names the problem', async () => {
    const { agent } = await signUpAndVerify(h);
    const junk = [
      '',
      '?tag=',
      '?tag=two%20words',
      `?tag=${'a'.repeat(MAX_TAG_LENGTH + 1)}`,
      '?tag=a&tag=b',
      '?tag=a&limit=0',
      '?tag=a&limit=101',
      '?tag=a&limit=1e2',
      '?tag=a&cursor=nonsense',
      '?tag=a&user=someone',
      `?tag=a&cursor=${'x'.repeat(10_000)}`,
    ];
    for (const query of junk) {
      const res = await agent.get(`/api/tags/entries${query}`);
      expect(res.status, `${query.slice(0, 40)}: ${res.text}`).toBe(400);
      expect((res.json as { message: string }).message.length).toBeGreaterThan(0);
    }
    expect((await agent.get('/api/tags/entries?tag=a')).status).toBe(200);
    expect((await h.agent().get('/api/tags')).status).toBe(401);
    expect((await h.agent().get('/api/tags/entries?tag=a')).status).toBe(401);
  });

  it('understands #tag in a search: the entries with the tag, alone or with words, never another’s', async () => {
    const ada = await signUpAndVerify(h);
    const bob = await signUpAndVerify(h);
    const typed = await created(ada.agent, 'Dinner with the #Family');
    const chip = await created(ada.agent, 'Quiet evening at home', ['family']);
    await created(ada.agent, 'My family name, no tag');
    await created(bob.agent, 'Bob’s #family dinner');
    const search = async (agent: Agent, q: string) => {
      const res = await agent.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, res.text).toBe(200);
      return (res.json as unknown as SearchPage).results;
    };
    const found = await search(ada.agent, '#family');
    expect(found.map((result) => result.id).sort()).toEqual([typed.id, chip.id].sort());
    const typedResult = found.find((result) => result.id === typed.id);
    expect(typedResult?.snippet.slice(...(typedResult.highlights[0] ?? [0, 0]))).toBe('Family');
    expect((await search(ada.agent, '#family dinner')).map((result) => result.id)).toEqual([typed.id]);
    expect((await search(ada.agent, 'evening #FAMILY')).map((result) => result.id)).toEqual([chip.id]);
    expect(await search(ada.agent, '#nothing')).toEqual([]);
    // Best match first pages the same entries.
    const best = await ada.agent.get('/api/search?q=%23family&order=best');
    expect((best.json as unknown as SearchPage).results).toHaveLength(2);
    // A tag too long is a 400 that says why.
    const long = await ada.agent.get(`/api/search?q=%23${'a'.repeat(MAX_TAG_LENGTH + 1)}`);
    expect(long.status).toBe(400);
    expect(await search(bob.agent, '#family quiet')).toEqual([]);
  });

  it('renames a tag across the journal, in the chips and in every answer that types it', async () => {
    const { agent } = await signUpAndVerify(h);
    const typed = await created(agent, 'Dinner with #Fam, then #fam-night and #fam.');
    const chip = await created(agent, 'Quiet evening', ['fam']);
    const other = await created(agent, 'Work #project');
    const res = await agent.post('/api/tags/rename', { from: 'FAM', to: 'Family' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ entries: 2 });

    const byId = new Map((await todays(agent)).map((entry) => [entry.id, entry]));
    expect(byId.get(typed.id)).toMatchObject({
      gratitude: 'Dinner with #family, then #fam-night and #family.',
      tags: ['family', 'fam-night'],
    });
    expect(byId.get(chip.id)).toMatchObject({ gratitude: 'Quiet evening', tags: ['family'] });
    expect(byId.get(other.id)).toEqual(other);
    expect(await tagList(agent)).toEqual([
      { tag: 'family', entries: 2 },
      { tag: 'fam-night', entries: 1 },
      { tag: 'project', entries: 1 },
    ]);
    expect((await tagged(agent, 'fam')).entries).toEqual([]);
    // The search index follows the answers’ new words.
    const found = (await agent.get('/api/search?q=family')).json as unknown as SearchPage;
    expect(found.results.map((result) => result.id)).toContain(typed.id);
  });

  it('merges a tag into another the writer has, each entry keeping it once', async () => {
    const { agent } = await signUpAndVerify(h);
    const both = await created(agent, 'Picnic #kids and #children');
    const onlyKids = await created(agent, 'School run', ['kids']);
    const onlyChildren = await created(agent, 'Bedtime #children');
    const res = await agent.post('/api/tags/rename', { from: 'kids', to: 'children' });
    expect(res.json).toEqual({ entries: 2 });
    const byId = new Map((await todays(agent)).map((entry) => [entry.id, entry]));
    expect(byId.get(both.id)).toMatchObject({ gratitude: 'Picnic #children and #children', tags: ['children'] });
    expect(byId.get(onlyKids.id)).toMatchObject({ tags: ['children'] });
    expect(byId.get(onlyChildren.id)).toEqual(onlyChildren);
    expect(await tagList(agent)).toEqual([{ tag: 'children', entries: 3 }]);
    expect((await tagged(agent, 'children')).entries).toHaveLength(3);
  });

  it('refuses a bad renaming with a 400 naming the field, and a tag the writer does not have with a 404', async () => {
    const { agent } = await signUpAndVerify(h);
    await created(agent, 'A #tag');
    const bad: [unknown, RegExp][] = [
      [{ from: 'tag' }, /to/],
      [{ from: 'tag', to: 'two words' }, /^to:/],
      [{ from: '', to: 'x' }, /^from:/],
      [{ from: 'tag', to: 'x'.repeat(MAX_TAG_LENGTH + 1) }, /^to:/],
      // Fifty letters whose lower case is a hundred characters.
      [{ from: 'tag', to: 'İ'.repeat(MAX_TAG_LENGTH) }, /^to:/],
      [{ from: 'tag', to: 'TAG' }, /same/],
      [{ from: 'tag', to: 'ok', userId: 'someone' }, /from/],
      [['tag', 'ok'], /from/],
      [null, /from/],
    ];
    for (const [body, message] of bad) {
      const res = await agent.post('/api/tags/rename', body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
      expect((res.json as { message: string }).message).toMatch(message);
    }
    const missing = await agent.post('/api/tags/rename', { from: 'nothing', to: 'else' });
    expect(missing.status).toBe(404);
    expect((await todays(agent))[0]).toMatchObject({ gratitude: 'A #tag', tags: ['tag'] });
  });

  it('never shows or changes another writer’s tags', async () => {
    const ada = await signUpAndVerify(h);
    const bob = await signUpAndVerify(h);
    const adas = await created(ada.agent, 'Ada’s secret #family', ['garden']);
    await created(bob.agent, 'Bob’s #work');

    expect(await tagList(bob.agent)).toEqual([{ tag: 'work', entries: 1 }]);
    const page = await tagged(bob.agent, 'family');
    expect(page.entries).toEqual([]);
    expect(JSON.stringify(page)).not.toContain('Ada');
    // Bob renaming a tag only Ada has finds nothing, and changes nothing of hers.
    const rename = await bob.agent.post('/api/tags/rename', { from: 'family', to: 'stolen' });
    expect(rename.status).toBe(404);
    // Bob’s edit of Ada’s entry, tags and all, is a 404.
    const res = await edit(bob.agent, adas.id, 'Taken #over', ['mine']);
    expect(res.status).toBe(404);
    expect(await todays(ada.agent)).toEqual([adas]);
    expect(await tagList(ada.agent)).toEqual([
      { tag: 'family', entries: 1 },
      { tag: 'garden', entries: 1 },
    ]);
    // Bob’s own renaming never reaches Ada’s entries with the same tag.
    await created(bob.agent, 'Bob’s #family');
    expect((await bob.agent.post('/api/tags/rename', { from: 'family', to: 'kin' })).json).toEqual({ entries: 1 });
    expect(await todays(ada.agent)).toEqual([adas]);
  });

  it('keeps every entry’s tags through an export and its import, and imports an export without tags', async () => {
    const ada = await signUpAndVerify(h);
    await created(ada.agent, 'Typed #tea', ['chip', 'Ünïcode']);
    await created(ada.agent, 'Chips only', ['b', 'a']);
    await created(ada.agent, 'None');
    const exported = await ada.agent.get('/api/export?format=json');
    const file = JSON.parse(exported.text) as { entries: Record<string, unknown>[] };
    expect(file.entries.map((entry) => entry.tags)).toEqual([['chip', 'ünïcode', 'tea'], ['b', 'a'], undefined]);

    const upload = (agent: Agent, body: string) =>
      agent.request('POST', '/api/import?format=ours', new TextEncoder().encode(body), {
        'content-type': 'application/octet-stream',
      });
    const bob = await signUpAndVerify(h);
    expect((await upload(bob.agent, exported.text)).json).toMatchObject({ imported: 3 });
    const strip = ({ id: _id, userId: _userId, ...entry }: JournalEntry) => entry;
    const byText = (a: JournalEntry, b: JournalEntry) => a.gratitude.localeCompare(b.gratitude);
    expect((await todays(bob.agent)).sort(byText).map(strip)).toEqual((await todays(ada.agent)).sort(byText).map(strip));
    expect(await tagList(bob.agent)).toEqual(await tagList(ada.agent));

    // An export made before tags existed: its typed #words still become tags.
    const carol = await signUpAndVerify(h);
    const older = { ...file, entries: file.entries.map(({ tags: _tags, ...entry }) => entry) };
    expect((await upload(carol.agent, JSON.stringify(older))).json).toMatchObject({ imported: 3 });
    expect(Object.fromEntries((await todays(carol.agent)).map((entry) => [entry.gratitude, entry.tags]))).toEqual({
      'Typed #tea': ['tea'],
      'Chips only': undefined,
      None: undefined,
    });

    // An entry with a bad tag is refused, the others imported.
    const dan = await signUpAndVerify(h);
    const [first, ...rest] = file.entries;
    const tampered = { ...file, entries: [{ ...first, tags: ['no spaces allowed'] }, ...rest] };
    const res = await upload(dan.agent, JSON.stringify(tampered));
    expect(res.json).toMatchObject({ imported: 2, refusedCount: 1 });
  });

  it('imports a CSV file’s tags column, and Day One’s tags as tags', async () => {
    const { agent } = await signUpAndVerify(h);
    const csv = 'date,gratitude,tags\n2026-03-01,Sunny walk #outside,"family, summer trip"\n2026-03-02,Tea,#calm #home\n';
    const res = await agent.request('POST', '/api/import?format=csv', new TextEncoder().encode(csv), {
      'content-type': 'application/octet-stream',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ imported: 2, csv: { mapping: { tags: 'tags' } } });
    expect(await tagList(agent)).toEqual([
      { tag: 'calm', entries: 1 },
      { tag: 'family', entries: 1 },
      { tag: 'home', entries: 1 },
      { tag: 'outside', entries: 1 },
      { tag: 'summer-trip', entries: 1 },
    ]);
    expect((await tagged(agent, 'summer-trip')).entries[0]).toMatchObject({
      gratitude: 'Sunny walk #outside',
      tags: ['family', 'summer-trip', 'outside'],
    });

    const dayOne = {
      metadata: { version: '1.0' },
      entries: [
        {
          uuid: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
          creationDate: '2026-02-01T10:00:00Z',
          timeZone: 'Europe/Paris',
          text: 'Market day #food',
          tags: ['Road Trip', 'Family', 'family', '!!!'],
        },
      ],
    };
    const imported = await agent.request(
      'POST',
      '/api/import?format=dayone',
      new TextEncoder().encode(JSON.stringify(dayOne)),
      { 'content-type': 'application/octet-stream' },
    );
    expect(imported.status, imported.text).toBe(200);
    expect((await tagged(agent, 'road-trip')).entries[0]).toMatchObject({
      memory: 'Market day #food',
      tags: ['road-trip', 'family', 'food'],
    });
  });
});
