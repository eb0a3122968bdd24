import { describe, expect, it } from 'vitest';
import { JOURNAL_MESSAGES } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api';
import { loadErrorMessages } from './load-failure';

describe('loadErrorMessages', () => {
  it('tells permission-denied (403) apart', () => {
    expect(loadErrorMessages(new ApiError(403, 'forbidden', 'x'))).toEqual({
      toast: JOURNAL_MESSAGES.loadPermissionToast,
      inline: JOURNAL_MESSAGES.loadPermissionInline,
    });
  });

  it('tells a database still being set up (503) apart', () => {
    expect(loadErrorMessages(new ApiError(503, 'unavailable', 'x')).inline).toBe(
      JOURNAL_MESSAGES.loadFailedPreconditionInline,
    );
  });

  it('says "failed to load" for anything else', () => {
    const offline = new ApiError(0, 'network-request-failed', 'x');
    expect(loadErrorMessages(offline).toast).toBe(JOURNAL_MESSAGES.loadFailedToast);
    expect(loadErrorMessages(new Error('boom')).inline).toBe(JOURNAL_MESSAGES.loadFailedInline);
  });
});
