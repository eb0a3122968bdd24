import { apiRequest } from '../e2e/support/api';
import { localDayKey } from '../src/shared/dates';
import { alternate, type LoadResult, signedInUser, startJournal } from './support';

/** Five prompts of the writer's own, as the Five Minute Journal's morning and evening ask. */
const OWN_PROMPTS = [
  'Three things I am grateful for',
  'What would make today great?',
  'A daily affirmation',
  'Three amazing things that happened today',
  'How could I have made today even better?',
];
const ANSWER = 'The morning light and a warm cup of tea, and a long walk with #family by the #river';

export interface DayViewBench {
  /** Three entries of the app's own prompts, no mood, no tags. */
  plain: LoadResult;
  /** Three entries of five prompts of the writer's own, each with a mood and five tags. */
  own: LoadResult;
}

/**
 * Today's day view of two writers, read in turns with the answer cache off (every read runs its list query): one
 * with the app's own prompts, one who made the prompts their own and records mood and tags.
 */
export async function benchDayView(): Promise<DayViewBench> {
  const server = await startJournal({ READ_CACHE_MB: '0' });
  try {
    const today = localDayKey(new Date());
    const plain = await signedInUser(server, 'plain@bench.test');
    const own = await signedInUser(server, 'own@bench.test');
    const chosen = await apiRequest(server.url, 'PATCH', '/api/profile', {
      cookie: own.cookie,
      body: { prompts: { set: 'custom', prompts: OWN_PROMPTS } },
    });
    if (chosen.status !== 200) throw new Error(`choosing prompts failed: ${chosen.status}`);
    for (let i = 0; i < 3; i += 1) {
      const written = await apiRequest(server.url, 'POST', '/api/entries', {
        cookie: plain.cookie,
        body: { content: { gratitude: ANSWER, celebration: ANSWER, manifestation: ANSWER }, localDate: today },
      });
      const answered = await apiRequest(server.url, 'POST', '/api/entries', {
        cookie: own.cookie,
        body: {
          content: {
            gratitude: '',
            celebration: '',
            manifestation: '',
            answers: OWN_PROMPTS.map((prompt) => ({ prompt, answer: ANSWER })),
            mood: 4,
            tags: ['morning', 'walk', 'tea'],
          },
          localDate: today,
        },
      });
      if (written.status !== 201 || answered.status !== 201) {
        throw new Error(`writing the entries failed: ${written.status}, ${answered.status} ${await answered.text()}`);
      }
    }
    const path = `/api/entries?day=${today}`;
    return await alternate({
      plain: { url: `${server.url}${path}`, headers: { cookie: plain.cookie } },
      own: { url: `${server.url}${path}`, headers: { cookie: own.cookie } },
    });
  } finally {
    await server.stop();
  }
}
