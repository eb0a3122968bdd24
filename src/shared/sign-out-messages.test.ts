import { describe, expect, it } from 'vitest';
import { SIGN_OUT_MESSAGES } from './messages';

describe('the sign-out question about changes waiting to sync', () => {
  it('counts one change in the singular', () => {
    expect(SIGN_OUT_MESSAGES.unsent(1)).toBe(
      '1 change is still waiting to sync. It stays on this device and is sent the next time you sign in here.',
    );
  });

  it.each([2, 3, 12])('counts %i changes in the plural', (count) => {
    expect(SIGN_OUT_MESSAGES.unsent(count)).toBe(
      `${count} changes are still waiting to sync. They stay on this device and are sent the next time you sign in here.`,
    );
  });
});
