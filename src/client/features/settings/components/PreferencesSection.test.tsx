// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../../../shared/messages';
import { answer, click, draw, PROFILE, settled, switchNamed, words, type Answer } from '../../../test/dom';
import { PreferencesSection } from './PreferencesSection';

const memorySwitch = () => switchNamed('Memory Section');
const pastDaysSwitch = () => switchNamed('Write and edit past days');
const photosSwitch = () => switchNamed('Photo of the day in the calendar');

describe('Settings: Preferences', () => {
  it("shows the memory section's setting as the profile has it", async () => {
    await draw(<PreferencesSection showMemorySection />);
    expect(memorySwitch().getAttribute('aria-checked')).toBe('true');
  });

  it('turns the memory section on: the switch shows where it is going and waits, then the profile has it', async () => {
    let reply: (answer: Answer) => void = () => undefined;
    const requests = answer(() => new Promise<Answer>((resolve) => (reply = resolve)));
    const { profiles } = await draw(<PreferencesSection showMemorySection={false} />);
    expect(memorySwitch().getAttribute('aria-checked')).toBe('false');

    await click(memorySwitch());
    await settled(() => {
      expect(memorySwitch().getAttribute('aria-checked')).toBe('true');
      expect(memorySwitch().disabled).toBe(true);
    });
    expect(requests).toEqual([
      { method: 'PATCH', path: '/api/profile', body: { preferences: { showMemorySection: true } } },
    ]);

    reply({ status: 200, body: { ...PROFILE, showMemorySection: true } });
    await settled(() => {
      expect(words()).toContain(SETTINGS_MESSAGES.preferencesUpdated);
      expect(memorySwitch().disabled).toBe(false);
    });
    expect(profiles.at(-1)?.showMemorySection).toBe(true);
  });

  it('goes back to where it was, and says so, when the save fails', async () => {
    answer(() => ({ status: 503, body: { code: 'unavailable', message: 'Try again later' } }));
    const { profiles } = await draw(<PreferencesSection showMemorySection={false} />);

    await click(memorySwitch());

    await settled(() => {
      expect(words()).toContain(SETTINGS_MESSAGES.preferencesFailed);
      expect(memorySwitch().disabled).toBe(false);
    });
    expect(memorySwitch().getAttribute('aria-checked')).toBe('false');
    expect(profiles).toEqual([]);
  });

  it('turns writing past days on, off by default, leaving the memory section as it is', async () => {
    const requests = answer(() => ({ status: 200, body: { ...PROFILE, writePastDays: true } }));
    const { profiles } = await draw(<PreferencesSection showMemorySection={false} />);
    expect(pastDaysSwitch().getAttribute('aria-checked')).toBe('false');
    expect(words()).toContain('Add entries to days you missed and edit earlier ones; each says when it was written');

    await click(pastDaysSwitch());
    await settled(() => expect(words()).toContain(SETTINGS_MESSAGES.preferencesUpdated));
    expect(requests).toEqual([{ method: 'PATCH', path: '/api/profile', body: { preferences: { writePastDays: true } } }]);
    expect(profiles.at(-1)?.writePastDays).toBe(true);
    expect(memorySwitch().getAttribute('aria-checked')).toBe('false');
  });

  it('turns the photo of the day in the calendar on, off by default, leaving the other preferences as they are', async () => {
    const requests = answer(() => ({ status: 200, body: { ...PROFILE, calendarPhotos: true } }));
    const { profiles } = await draw(<PreferencesSection showMemorySection={false} />);
    expect(photosSwitch().getAttribute('aria-checked')).toBe('false');
    expect(words()).toContain("Show each day's first photo as its tile in the month's calendar and your year at a glance");

    await click(photosSwitch());
    await settled(() => expect(words()).toContain(SETTINGS_MESSAGES.preferencesUpdated));
    expect(requests).toEqual([{ method: 'PATCH', path: '/api/profile', body: { preferences: { calendarPhotos: true } } }]);
    expect(profiles.at(-1)?.calendarPhotos).toBe(true);
    expect(pastDaysSwitch().getAttribute('aria-checked')).toBe('false');
    expect(memorySwitch().getAttribute('aria-checked')).toBe('false');
  });
});
