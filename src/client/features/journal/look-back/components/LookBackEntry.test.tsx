// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../../shared/entry-schemas';
import { button, click, draw, USER } from '../../../../test/dom';
import { LookBackEntry, rememberedLine } from './LookBackEntry';

const earlier: JournalEntry = {
  id: 'entry-1',
  userId: USER.id,
  date: '2025-11-22T08:15:00.000Z',
  localDate: '2025-11-22',
  utcOffset: 0,
  gratitude: '',
  celebration: '',
  manifestation: '',
  memory: '',
  updatedAt: '2025-11-22T08:15:00.000Z',
  answers: [
    { prompt: 'What made you laugh?', answer: '' },
    { prompt: 'Three good things?', answer: 'Snow, soup, a letter' },
    { prompt: 'Who helped?', answer: 'Sam' },
  ],
};

describe('an earlier entry of the writer’s own prompts, looked back on', () => {
  it('is remembered by its first answer, named by the wording it was written with, and opens the rest', async () => {
    expect(rememberedLine(earlier)).toBe('Snow, soup, a letter');
    await draw(<LookBackEntry entry={earlier} />);
    expect(document.querySelector('.look-back-line')?.textContent).toBe('Three good things? Snow, soup, a letter');
    await click(button('Read the whole entry'));
    const rest = [...document.querySelectorAll('.look-back-whole .entry-answer')].map((item) => item.textContent);
    expect(rest).toEqual(['Who helped?Sam']);
  });
});
