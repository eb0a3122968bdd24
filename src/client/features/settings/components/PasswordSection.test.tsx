// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SETTINGS_MESSAGES } from '../../../../shared/messages';
import { answer, button, draw, field, settled, submit, type, words } from '../../../test/dom';
import { PasswordSection } from './PasswordSection';

/** The checklist's rules as a screen reader hears them: each label, met or not met. */
function checklist(): string[] {
  return [...document.querySelectorAll('.password-checklist li')].map((rule) => {
    const label = rule.querySelector('.rule-label')?.textContent ?? '';
    const status = rule.querySelector('.rule-label + .visually-hidden')?.textContent ?? '';
    return `${label}${status}`;
  });
}

describe('Settings: Change Password', () => {
  it('ticks off each rule the new password meets as it is typed', async () => {
    await draw(<PasswordSection email="ada@example.com" />);
    expect(checklist().every((rule) => rule.endsWith(', not met'))).toBe(true);

    await type(field('New Password'), 'abc1');
    expect(checklist()).toEqual([
      'At least 8 characters, not met',
      'One uppercase letter, not met',
      'One lowercase letter, met',
      'One number, met',
      expect.stringMatching(/^One symbol .*, not met$/),
    ]);

    await type(field('New Password'), 'Abcdefg1!');
    expect(checklist().every((rule) => rule.endsWith(', met'))).toBe(true);
  });

  it('offers Update Password only once the current password is long enough and the new one meets every rule', async () => {
    await draw(<PasswordSection email="ada@example.com" />);
    expect(button('Update Password').disabled).toBe(true);

    await type(field('New Password'), 'Abcdefg1!');
    expect(button('Update Password').disabled).toBe(true);

    await type(field('Current Password'), 'short');
    expect(button('Update Password').disabled).toBe(true);

    await type(field('Current Password'), 'old-secret');
    expect(button('Update Password').disabled).toBe(false);

    await type(field('New Password'), 'abcdefg1!');
    expect(button('Update Password').disabled).toBe(true);
  });

  it('says a wrong current password in its own words, and keeps what was typed', async () => {
    const requests = answer(() => ({
      status: 400,
      body: { code: 'wrong-current-password', message: AUTH_MESSAGES['wrong-current-password'] },
    }));
    await draw(<PasswordSection email="ada@example.com" />);
    await type(field('Current Password'), 'not-my-password');
    await type(field('New Password'), 'Abcdefg1!');
    await submit(button('Update Password'));

    await settled(() => expect(words()).toContain(AUTH_MESSAGES['wrong-current-password']));
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/auth/change-password',
        body: { currentPassword: 'not-my-password', newPassword: 'Abcdefg1!' },
      },
    ]);
    expect(field('Current Password').value).toBe('not-my-password');
  });

  it('empties both fields once the password is changed, and says so', async () => {
    answer(() => ({ status: 200, body: { ok: true } }));
    await draw(<PasswordSection email="ada@example.com" />);
    await type(field('Current Password'), 'old-secret');
    await type(field('New Password'), 'Abcdefg1!');
    await submit(button('Update Password'));

    await settled(() => {
      expect(words()).toContain(SETTINGS_MESSAGES.passwordUpdated);
      expect(field('Current Password').value).toBe('');
      expect(field('New Password').value).toBe('');
    });
    expect(button('Update Password').disabled).toBe(true);
  });
});
