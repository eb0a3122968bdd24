// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../../../shared/messages';
import { answer, button, draw, field, PROFILE, settled, submit, type, words } from '../../../test/dom';
import { ProfileSection } from './ProfileSection';

describe('Settings: Update Profile', () => {
  it('offers no save while the name is blank, spaces included', async () => {
    await draw(<ProfileSection displayName="Ada" />);
    expect(field('Display Name').value).toBe('Ada');
    expect(button('Update Profile').disabled).toBe(false);

    await type(field('Display Name'), '   ');
    expect(button('Update Profile').disabled).toBe(true);

    await type(field('Display Name'), 'Ada L.');
    expect(button('Update Profile').disabled).toBe(false);
  });

  it('saves the name without its outer spaces, then shows the saved name and says so', async () => {
    const requests = answer(() => ({ status: 200, body: { ...PROFILE, displayName: 'Ada Lovelace' } }));
    const { profiles } = await draw(<ProfileSection displayName="Ada" />);

    await type(field('Display Name'), '  Ada Lovelace  ');
    await submit(button('Update Profile'));

    await settled(() => expect(words()).toContain(SETTINGS_MESSAGES.profileUpdated));
    expect(requests).toEqual([{ method: 'PATCH', path: '/api/profile', body: { displayName: 'Ada Lovelace' } }]);
    expect(field('Display Name').value).toBe('Ada Lovelace');
    expect(profiles.at(-1)?.displayName).toBe('Ada Lovelace');
  });

  it('says so when the save fails, and keeps what was typed', async () => {
    answer(() => ({ status: 500, body: { code: 'internal', message: 'Something went wrong' } }));
    await draw(<ProfileSection displayName="Ada" />);

    await type(field('Display Name'), 'Ada Lovelace');
    await submit(button('Update Profile'));

    await settled(() => expect(words()).toContain(SETTINGS_MESSAGES.profileFailed));
    expect(field('Display Name').value).toBe('Ada Lovelace');
  });
});
