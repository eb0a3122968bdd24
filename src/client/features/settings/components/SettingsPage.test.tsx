// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { draw, PROFILE, USER, words } from '../../../test/dom';
import { SettingsPage } from './SettingsPage';

/** A section another feature brings to the page, marked so that its place can be seen. */
function Brought({ name }: { name: string }) {
  return (
    <section className="card settings-section" aria-labelledby={`${name}-heading`}>
      <h2 id={`${name}-heading`}>{name}</h2>
    </section>
  );
}

/** The page's headings, as a screen reader lists them (a closed dialog's are not on the page). */
const headings = () =>
  [...document.querySelectorAll('h1, h2')].filter((heading) => !heading.closest('dialog')).map((heading) => heading.textContent);

describe('Settings', () => {
  it("says whose account it is, and lays out its sections and those other features bring in the page's order", async () => {
    await draw(
      <SettingsPage
        reminders={<Brought name="Reminders (brought)" />}
        data={<Brought name="Your data (brought)" />}
        journalImport={<Brought name="Import (brought)" />}
      />,
      { at: '/settings', profile: { ...PROFILE, showMemorySection: true } },
    );

    expect(document.title).toContain('Account Settings');
    expect(words()).toContain(`Signed in as ${USER.email}`);
    expect(headings()).toEqual([
      'Account Settings',
      'Update Profile',
      'Preferences',
      'Your prompts',
      'Reminders (brought)',
      'Change Password',
      'Your data (brought)',
      'Import (brought)',
      'On this device',
      'Delete Account',
    ]);
    expect(document.querySelector('[role="switch"]')?.getAttribute('aria-checked')).toBe('true');
    expect(document.querySelector('a.back-link')?.getAttribute('href')).toBe('/journal');
  });

  it('draws nothing without a signed-in user', async () => {
    await draw(<SettingsPage reminders={null} data={null} journalImport={null} />, { user: null });
    expect(document.querySelector('.settings-page')).toBeNull();
    expect(headings()).toEqual([]);
  });
});
