import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { MAX_PROMPT_LENGTH, promptsOfTheDay, QUESTION_LIBRARY, questionOfTheDay, READY_MADE_SETS } from './prompts';
import { promptChoiceSchema } from './profile-schemas';

describe('the question of the day', () => {
  it('draws from at least 60 different questions, each a prompt the settings would take', () => {
    expect(new Set(QUESTION_LIBRARY).size).toBe(QUESTION_LIBRARY.length);
    expect(QUESTION_LIBRARY.length).toBeGreaterThanOrEqual(60);
    for (const question of QUESTION_LIBRARY) {
      expect(promptChoiceSchema.safeParse({ set: 'custom', prompts: [question] }).success, question).toBe(true);
    }
  });

  it('is the same all day wherever it is asked, and another one each day until every one has been asked', () => {
    expect(questionOfTheDay('2026-03-15')).toBe(questionOfTheDay('2026-03-15'));
    const asked = Array.from({ length: QUESTION_LIBRARY.length }, (_, i) => questionOfTheDay(addDays('2026-03-15', i)));
    expect(new Set(asked).size).toBe(QUESTION_LIBRARY.length);
    expect(questionOfTheDay('1900-01-01')).toBeTruthy();
    expect(promptsOfTheDay({ set: 'daily-question' }, '2026-03-15')).toEqual([questionOfTheDay('2026-03-15')]);
    expect(promptsOfTheDay({ set: 'own' }, '2026-03-15')).toBeNull();
  });
});

describe('the ready-made sets', () => {
  it('offer wording the settings take, the app’s own set first', () => {
    expect(READY_MADE_SETS[0]?.id).toBe('own');
    for (const set of READY_MADE_SETS) {
      for (const prompt of set.prompts) expect(prompt.length).toBeLessThanOrEqual(MAX_PROMPT_LENGTH);
      if (set.prompts.length > 0) expect(promptChoiceSchema.safeParse({ set: 'custom', prompts: set.prompts }).success).toBe(true);
    }
  });
});
