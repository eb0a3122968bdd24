import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayCounts } from '../../shared/day-counts';
import type { EntryPage, JournalEntry, Stats } from '../../shared/entry-schemas';
import type { Profile } from '../../shared/profile-schemas';
import type { PromptAnswer } from '../../shared/prompts';
import type { SearchPage } from '../../shared/search';
import { MAX_TAGS, TAG_MESSAGES, type TagList } from '../../shared/tags';
import { DATABASE_KINDS } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';

const TODAY = '2026-03-15';
const EMPTY = { gratitude: '', celebration: '', manifestation: '' };

describe.each(DATABASE_KINDS)('a writer’s own prompts on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
    h.clock.set(`${TODAY}T12:00:00.000Z`);
  });
  afterAll(async () => {
    await h.close();
  });

  const profile = async (agent: Agent) => (await agent.get('/api/profile')).json as unknown as Profile;
  const choose = (agent: Agent, prompts: unknown) => agent.patch('/api/profile', { prompts });
  const writeAnswers = (agent: Agent, answers: unknown, extra: Record<string, unknown> = {}) =>
    agent.post('/api/entries', { content: { ...EMPTY, answers, ...extra }, localDate: TODAY });
  const editAnswers = (agent: Agent, id: string, answers: unknown, extra: Record<string, unknown> = {}) =>
    agent.put(`/api/entries/${id}`, { content: { ...EMPTY, answers, ...extra }, localDate: TODAY });
  const todays = async (agent: Agent) =>
    ((await agent.get(`/api/entries?day=${TODAY}`)).json as unknown as EntryPage).entries;

  it('starts on the app’s own prompts, keeps a chosen set or list, and goes back to the own set', async () => {
    const { agent } = await signUpAndVerify(h);
    expect((await profile(agent)).prompts).toEqual({ set: 'own' });

    const mine = { set: 'custom', prompts: ['What went well?', 'Who helped?', 'Ein Satz für morgen…'] };
    const chosen = await choose(agent, mine);
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.json).toMatchObject({ prompts: mine });
    // Every device reads it with the session, as the form needs it at once.
    expect(((await agent.get('/api/auth/session')).json as { profile: Profile }).profile.prompts).toEqual(mine);

    expect((await choose(agent, { set: 'daily-question' })).json).toMatchObject({ prompts: { set: 'daily-question' } });
    expect((await choose(agent, { set: 'own' })).json).toMatchObject({ prompts: { set: 'own' } });
    expect((await profile(agent)).prompts).toEqual({ set: 'own' });
  });

  it('refuses prompts out of bounds with a 400 naming prompts, and keeps the ones before', async () => {
    const { agent } = await signUpAndVerify(h);
    const kept = { set: 'custom', prompts: ['Kept?'] };
    await choose(agent, kept);
    const hostile: unknown[] = [
      { set: 'custom', prompts: Array.from({ length: 11 }, (_, i) => `Prompt ${i}`) },
      { set: 'custom', prompts: [] },
      { set: 'custom', prompts: [''] },
      { set: 'custom', prompts: ['   '] },
      { set: 'custom', prompts: ['x'.repeat(201)] },
      { set: 'custom', prompts: ['Two\nlines'] },
      { set: 'custom', prompts: ['<script>alert(1)</script>'] },
      { set: 'custom', prompts: [42] },
      { set: 'custom', prompts: 'What went well?' },
      { set: 'custom' },
      { set: 'own', prompts: ['Sneaked in'] },
      { set: 'everything' },
      'own',
      null,
      [],
    ];
    for (const prompts of hostile) {
      const res = await choose(agent, prompts);
      expect(res.status, `${JSON.stringify(prompts).slice(0, 40)}: ${res.text}`).toBe(400);
      expect(res.json).toMatchObject({ code: 'invalid-prompts' });
      expect(String(res.json.message)).toMatch(/prompts/);
    }
    expect((await profile(agent)).prompts).toEqual(kept);
    // Exactly at the limits is fine.
    const full = { set: 'custom', prompts: Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(200, '.')) };
    expect((await choose(agent, full)).status).toBe(200);
    expect((await profile(agent)).prompts).toEqual(full);
  });

  it('keeps the wording an entry was written with, whatever the prompts become, and its edits keep it', async () => {
    const { agent } = await signUpAndVerify(h);
    await choose(agent, { set: 'custom', prompts: ['What went well?', 'Why?'] });
    const answers: PromptAnswer[] = [
      { prompt: 'What went well?', answer: 'The bread rose.' },
      { prompt: 'Why?', answer: '' },
    ];
    const created = await writeAnswers(agent, answers);
    expect(created.status, created.text).toBe(201);
    const entry = created.json as unknown as JournalEntry;
    expect(entry).toMatchObject({ ...EMPTY, memory: '', answers });
    const own = (await agent.post('/api/entries', { content: { ...EMPTY, gratitude: 'Sun' }, localDate: TODAY }))
      .json as unknown as JournalEntry;
    expect(own).not.toHaveProperty('answers');

    // Changing the prompts changes no entry.
    await choose(agent, { set: 'custom', prompts: ['Something else entirely?'] });
    await choose(agent, { set: 'own' });
    const listed = await todays(agent);
    expect(listed.find((e) => e.id === entry.id)).toEqual(entry);
    expect(listed.find((e) => e.id === own.id)).toEqual(own);

    // An edit rewrites the answers under the same wording.
    const edited = [answers[0] as PromptAnswer, { prompt: 'Why?', answer: 'Patience.' }];
    const res = await editAnswers(agent, entry.id, edited);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ answers: edited });

    // It cannot change the wording, drop the answers, or give the app's own entry answers.
    const refusals = [
      await editAnswers(agent, entry.id, [{ prompt: 'What went well today?', answer: 'x' }, { prompt: 'Why?', answer: '' }]),
      await editAnswers(agent, entry.id, [{ prompt: 'Why?', answer: 'x' }, { prompt: 'What went well?', answer: '' }]),
      await editAnswers(agent, entry.id, [{ prompt: 'What went well?', answer: 'x' }]),
      await agent.put(`/api/entries/${entry.id}`, { content: { ...EMPTY, gratitude: 'Sneaky' }, localDate: TODAY }),
      await editAnswers(agent, own.id, [{ prompt: 'New?', answer: 'x' }]),
    ];
    for (const refused of refusals) {
      expect(refused.status, refused.text).toBe(400);
      expect(String(refused.json.message)).toMatch(/^answers: an edit keeps the prompts/);
    }
    const after = await todays(agent);
    expect(after.find((e) => e.id === entry.id)?.answers).toEqual(edited);
    expect(after.find((e) => e.id === own.id)).toEqual(own);
  });

  it('refuses answers out of bounds with a 400 naming answers, and stores nothing', async () => {
    const { agent } = await signUpAndVerify(h);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ prompt: `P${i}`, answer: 'yes' }));
    const cases: [unknown, Record<string, unknown>, RegExp][] = [
      [eleven, {}, /^answers must hold 1 to 10 prompts$/],
      [[], {}, /^answers must hold 1 to 10 prompts$/],
      [[{ prompt: 'x'.repeat(201), answer: 'yes' }], {}, /prompt of answers must be 1 to 200 characters/],
      [[{ prompt: '', answer: 'yes' }], {}, /prompt of answers must be 1 to 200 characters/],
      [[{ prompt: 'Fine?', answer: 'y'.repeat(10_001) }], {}, /exceeds maximum length of 10000 characters \(answers\)/],
      [[{ prompt: 'Fine?', answer: 'javascript:alert(1)' }], {}, /^answers: /],
      [[{ prompt: 'Fine?', answer: 'a\0b' }], {}, /answers/],
      [[{ prompt: 'Fine?', answer: '  ' }], {}, /haven't entered anything/],
      [[{ prompt: 'Fine?', answer: 'yes', extra: 1 }], {}, /answers/],
      [[{ prompt: 'Fine?' }], {}, /answers/],
      ['yes', {}, /answers/],
      [[{ prompt: 'Fine?', answer: 'yes' }], { gratitude: 'Both at once' }, /^answers: an entry written with your own prompts/],
    ];
    for (const [answers, extra, message] of cases) {
      const res = await writeAnswers(agent, answers, extra);
      expect(res.status, `${JSON.stringify(answers).slice(0, 60)}: ${res.text}`).toBe(400);
      expect(String(res.json.message)).toMatch(message);
    }
    expect(await todays(agent)).toEqual([]);
    // The largest entry the limits allow is stored whole.
    const largest = Array.from({ length: 10 }, (_, i) => ({ prompt: `${i}`.padEnd(200, '?'), answer: 'a'.repeat(10_000) }));
    const res = await writeAnswers(agent, largest);
    expect(res.status, res.text).toBe(201);
    expect((await todays(agent))[0]?.answers).toEqual(largest);
  });

  it('never lets another writer read or change an entry of someone’s own prompts', async () => {
    const ada = await signUpAndVerify(h);
    const bob = await signUpAndVerify(h);
    const answers = [{ prompt: 'Secret?', answer: 'Ada’s own words' }];
    const entry = (await writeAnswers(ada.agent, answers)).json as unknown as JournalEntry;
    expect((await editAnswers(bob.agent, entry.id, [{ prompt: 'Secret?', answer: 'Bob was here' }])).status).toBe(404);
    expect((await bob.agent.delete(`/api/entries/${entry.id}`)).status).toBe(404);
    expect(await todays(bob.agent)).toEqual([]);
    const search = (await bob.agent.get('/api/search?q=own')).json as unknown as SearchPage;
    expect(search.results).toEqual([]);
    // Bob's prompts are his own: Ada's choice changes nothing of his.
    await choose(ada.agent, { set: 'daily-question' });
    expect((await profile(bob.agent)).prompts).toEqual({ set: 'own' });
    expect((await todays(ada.agent))[0]?.answers).toEqual(answers);
  });

  it('counts such entries as any other in the stats and the calendars', async () => {
    const { agent } = await signUpAndVerify(h);
    await writeAnswers(agent, [{ prompt: 'One line?', answer: 'A quiet day.' }]);
    await agent.post('/api/entries', { content: { ...EMPTY, gratitude: 'Tea' }, localDate: TODAY });
    const stats = (await agent.get(`/api/stats?today=${TODAY}`)).json as unknown as Stats;
    expect(stats).toMatchObject({ totalEntries: 2, monthlyCount: 2, yearlyCount: 2, streak: 1 });
    const days = (await agent.get('/api/days?month=2026-03')).json as unknown as DayCounts;
    expect(days.days).toEqual({ [TODAY]: 2 });
  });

  it('finds the answers in a search, names their wording, and filters by them', async () => {
    const { agent } = await signUpAndVerify(h);
    const mine = (await writeAnswers(agent, [
      { prompt: 'What made you laugh?', answer: '' },
      { prompt: 'What did you cook?', answer: 'Marmalade from the bitter oranges' },
    ])).json as unknown as JournalEntry;
    await agent.post('/api/entries', { content: { ...EMPTY, gratitude: 'Orange light at dusk' }, localDate: TODAY });
    const search = async (query: string) => {
      const res = await agent.get(`/api/search?${query}`);
      expect(res.status, res.text).toBe(200);
      return (res.json as unknown as SearchPage).results;
    };
    const found = await search('q=marmalade');
    expect(found).toEqual([
      expect.objectContaining({
        id: mine.id,
        prompt: 'answers',
        prompts: ['answers'],
        promptWording: 'What did you cook?',
        promptWordings: ['What did you cook?'],
        snippet: 'Marmalade from the bitter oranges',
        highlights: [[0, 9]],
      }),
    ]);
    expect((await search('q=orange')).map((result) => result.prompt).sort()).toEqual(['answers', 'gratitude']);
    expect((await search('q=orange&prompt=answers')).map((result) => result.id)).toEqual([mine.id]);
    expect(await search('q=marmalade&prompt=gratitude')).toEqual([]);
    // One of the writer's own prompts, by its wording: only the answers written under it.
    const wording = (text: string) => `prompt=answers&wording=${encodeURIComponent(text)}`;
    expect((await search(`q=orange&${wording('What did you cook?')}`)).map((result) => result.id)).toEqual([mine.id]);
    expect(await search(`q=orange&${wording('What made you laugh?')}`)).toEqual([]);
    for (const refused of [`q=orange&wording=${encodeURIComponent('What did you cook?')}`, `q=orange&${wording('x'.repeat(201))}`, `q=orange&prompt=answers&wording=`]) {
      const res = await agent.get(`/api/search?${refused}`);
      expect(res.status, refused.slice(0, 40)).toBe(400);
      expect(String(res.json.message)).toMatch(/^wording /);
    }
    // An edit reaches the index.
    await editAnswers(agent, mine.id, [
      { prompt: 'What made you laugh?', answer: 'The cat' },
      { prompt: 'What did you cook?', answer: 'Soup' },
    ]);
    expect(await search('q=marmalade')).toEqual([]);
    expect((await search('q=cat')).map((result) => result.promptWording)).toEqual(['What made you laugh?']);
  });

  it('takes the #words of the answers as tags: the tags list, a tag’s entries and a search for #family find the entry', async () => {
    const { agent } = await signUpAndVerify(h);
    const answers = [
      { prompt: 'Who helped?', answer: 'Dinner with #Family and the neighbours' },
      { prompt: 'What else?', answer: '' },
    ];
    const res = await writeAnswers(agent, answers, { tags: ['garden'] });
    expect(res.status, res.text).toBe(201);
    const entry = res.json as unknown as JournalEntry;
    expect(entry).toMatchObject({ ...EMPTY, memory: '', answers, tags: ['garden', 'family'] });
    await agent.post('/api/entries', { content: { ...EMPTY, gratitude: 'Family walk, no tag' }, localDate: TODAY });

    const tags = (await agent.get('/api/tags')).json as unknown as TagList;
    expect(tags.tags).toEqual(expect.arrayContaining([{ tag: 'family', entries: 1 }, { tag: 'garden', entries: 1 }]));
    const page = (await agent.get('/api/tags/entries?tag=family')).json as unknown as EntryPage;
    expect(page.entries.map(({ id }) => id)).toEqual([entry.id]);

    const search = async (query: string) => {
      const found = await agent.get(`/api/search?${query}`);
      expect(found.status, found.text).toBe(200);
      return (found.json as unknown as SearchPage).results;
    };
    // The tag is shown where the answer types it, under the wording the entry was written with.
    expect(await search('q=%23family')).toEqual([
      expect.objectContaining({ id: entry.id, prompt: 'answers', promptWording: 'Who helped?', snippet: answers[0]?.answer }),
    ]);
    expect((await search('q=%23family%20neighbours')).map(({ id }) => id)).toEqual([entry.id]);
    expect((await search('q=%23family%20marmalade')).map(({ id }) => id)).toEqual([]);
    const wording = (text: string) => `prompt=answers&wording=${encodeURIComponent(text)}`;
    expect((await search(`q=%23family&${wording('Who helped?')}`)).map(({ id }) => id)).toEqual([entry.id]);
    expect(await search(`q=%23family&${wording('What else?')}`)).toEqual([]);
    // A chip alone: the entry is shown by its first answer.
    expect(await search('q=%23garden')).toEqual([
      expect.objectContaining({ id: entry.id, prompt: 'answers', promptWording: 'Who helped?' }),
    ]);

    // An edit that leaves the tags out keeps the chip and reads the answers' #words again.
    const edited = await editAnswers(agent, entry.id, [
      { prompt: 'Who helped?', answer: 'The #kids' },
      { prompt: 'What else?', answer: '' },
    ]);
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ tags: ['garden', 'kids'] });
    expect(await search('q=%23family')).toEqual([]);

    // Renaming a tag rewrites it in the answer, under the same wording, the four texts left empty.
    expect((await agent.post('/api/tags/rename', { from: 'kids', to: 'children' })).json).toEqual({ entries: 1 });
    const [renamed] = (await todays(agent)).filter(({ id }) => id === entry.id);
    expect(renamed).toMatchObject({
      ...EMPTY,
      answers: [
        { prompt: 'Who helped?', answer: 'The #children' },
        { prompt: 'What else?', answer: '' },
      ],
      tags: ['garden', 'children'],
    });

    // The answers' tags count with the chips towards the limit.
    const many = Array.from({ length: MAX_TAGS + 1 }, (_, i) => `#t${i}`).join(' ');
    const tooMany = await writeAnswers(agent, [{ prompt: 'Who helped?', answer: many }]);
    expect(tooMany.status, tooMany.text).toBe(400);
    expect(tooMany.json).toMatchObject({ code: 'invalid-entry', message: TAG_MESSAGES.tooMany });
  });

  it('keeps every wording and answer through an export and its import, and in the Markdown export', async () => {
    const ada = await signUpAndVerify(h);
    const answers = [
      { prompt: 'Three good things, and why?', answer: 'Rain, because the garden needed it.\nA letter.' },
      { prompt: 'Unanswered?', answer: '' },
    ];
    await writeAnswers(ada.agent, answers);
    await ada.agent.post('/api/entries', { content: { ...EMPTY, gratitude: 'Plain' }, localDate: TODAY });
    const exported = await ada.agent.get('/api/export?format=json');
    const file = JSON.parse(exported.text) as { entries: Record<string, unknown>[] };
    expect(file.entries.map((entry) => entry.answers)).toEqual([answers, undefined]);

    const markdown = (await ada.agent.get('/api/export?format=markdown')).text;
    expect(markdown).toContain('**Three good things, and why?**\n\nRain, because the garden needed it.  \nA letter.\n');
    expect(markdown).not.toContain('Unanswered?');

    const upload = (agent: Agent, body: string) =>
      agent.request('POST', '/api/import?format=ours', new TextEncoder().encode(body), {
        'content-type': 'application/octet-stream',
      });
    const bob = await signUpAndVerify(h);
    const imported = await upload(bob.agent, exported.text);
    expect(imported.json).toMatchObject({ imported: 2 });
    // The same entries (under ids of their own: Ada's are taken), every field as it was.
    const strip = (entries: JournalEntry[]) =>
      entries.map(({ userId: _userId, id: _id, ...entry }) => JSON.stringify(entry)).sort();
    expect(strip(await todays(bob.agent))).toEqual(strip(await todays(ada.agent)));

    // An export from before prompts of one's own imports as it did; a file with answers out of bounds has that entry refused.
    const carol = await signUpAndVerify(h);
    const older = { ...file, entries: file.entries.filter((entry) => !entry.answers) };
    expect((await upload(carol.agent, JSON.stringify(older))).json).toMatchObject({ imported: 1 });
    const dan = await signUpAndVerify(h);
    const [first, ...rest] = file.entries;
    const tampered = { ...file, entries: [{ ...first, answers: [{ prompt: 'x'.repeat(201), answer: 'y' }] }, ...rest] };
    expect((await upload(dan.agent, JSON.stringify(tampered))).json).toMatchObject({ imported: 1 });
    expect((await todays(dan.agent)).map((entry) => entry.gratitude)).toEqual(['Plain']);
  });
});
