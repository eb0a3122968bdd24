// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../../../shared/messages';
import { questionOfTheDay, READY_MADE_SETS } from '../../../../shared/prompts';
import { todayKey } from '../../../lib/today';
import { answer, button, click, draw, field, PROFILE, settled, submit, type, words } from '../../../test/dom';
import { PromptsSection } from './PromptsSection';

const radio = (value: string) => {
  const found = document.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`);
  if (!found) throw new Error(`No set ${value}`);
  return found;
};
const wordings = () => [...document.querySelectorAll<HTMLInputElement>('.prompt-list input')].map((input) => input.value);

describe('Settings: Your prompts', () => {
  it('says the limits, starts on the app’s own prompts, and saves a ready-made set picked', async () => {
    const requests = answer((request) => ({
      status: 200,
      body: { ...PROFILE, prompts: (request.body as { prompts: unknown }).prompts },
    }));
    const { profiles } = await draw(<PromptsSection prompts={{ set: 'own' }} showMemorySection={false} />);
    expect(words()).toContain('Up to 10 prompts, each 1 to 200 characters.');
    expect(radio('own').checked).toBe(true);
    expect(button('Save prompts').disabled).toBe(true);

    await click(radio('three-good-things'));
    const set = READY_MADE_SETS.find((s) => s.id === 'three-good-things');
    expect(wordings()).toEqual(set?.prompts);
    await submit(button('Save prompts'));
    await settled(() => expect(words()).toContain(SETTINGS_MESSAGES.promptsUpdated));
    expect(requests).toEqual([
      { method: 'PATCH', path: '/api/profile', body: { prompts: { set: 'custom', prompts: set?.prompts } } },
    ]);
    expect(profiles.at(-1)?.prompts).toEqual({ set: 'custom', prompts: set?.prompts });
    expect(radio('three-good-things').checked).toBe(true);
  });

  it('rewords, reorders with buttons that keep the focus, removes and adds up to ten, then saves the list', async () => {
    const requests = answer(() => ({ status: 200, body: PROFILE }));
    await draw(<PromptsSection prompts={{ set: 'custom', prompts: ['One?', 'Two?', 'Three?'] }} showMemorySection={false} />);
    expect(radio('mine').checked).toBe(true);

    await click(button('Move prompt 2 up'));
    expect(wordings()).toEqual(['Two?', 'One?', 'Three?']);
    // At the top, the moved prompt's Move down has the focus, to move it on with the keyboard.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move prompt 1 down');
    await click(button('Move prompt 1 down'));
    expect(wordings()).toEqual(['One?', 'Two?', 'Three?']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move prompt 2 down');

    await type(field('Prompt 3'), 'What made me laugh?');
    await click(button('Remove prompt 1'));
    expect(wordings()).toEqual(['Two?', 'What made me laugh?']);
    for (let count = 2; count < 10; count += 1) await click(button('Add a prompt'));
    expect(words()).toContain('10 of 10 prompts');
    expect(button('Add a prompt').disabled).toBe(true);

    // Blank prompts are named before anything is sent.
    await submit(button('Save prompts'));
    expect(words()).toContain('Write the prompt, or remove it.');
    expect(requests).toEqual([]);
    for (let count = 10; count > 2; count -= 1) await click(button(`Remove prompt ${count}`));
    await submit(button('Save prompts'));
    await settled(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ prompts: { set: 'custom', prompts: ['Two?', 'What made me laugh?'] } });
  });

  it('offers the question of the day, showing today’s', async () => {
    const requests = answer(() => ({ status: 200, body: { ...PROFILE, prompts: { set: 'daily-question' } } }));
    await draw(<PromptsSection prompts={{ set: 'own' }} showMemorySection />);
    await click(radio('daily-question'));
    expect(words()).toContain('Today your form asks');
    expect(words()).toContain(questionOfTheDay(todayKey()));
    await submit(button('Save prompts'));
    await settled(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ prompts: { set: 'daily-question' } });
  });
});
