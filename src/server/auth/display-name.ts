import type { z } from 'zod';
import type { AuthErrorCode } from '../../shared/messages';

/** Why displayNameSchema refused a name, as a message code; `empty` is the caller's code for a missing name. */
export function displayNameIssue<Empty extends AuthErrorCode>(
  issue: z.core.$ZodIssue,
  empty: Empty,
): Empty | 'display-name-too-long' | 'display-name-characters' {
  if (issue.code === 'too_big') return 'display-name-too-long';
  if (issue.code === 'custom') return 'display-name-characters';
  return empty;
}
