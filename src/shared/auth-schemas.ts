import { z } from 'zod';
import {
  MAX_DISPLAY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  PASSWORD_MAX,
  RESET_PASSWORD_MIN,
  SETTINGS_PASSWORD_INPUT_MIN,
  SIGNUP_PASSWORD_MIN,
} from './limits';

/** The fixed set of special characters a sign-up password must draw from (docs/product.md §5; the rules name the set). */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`';

/** The first few of the set, named in the rule's label so that it says what a symbol is: '! @ # $ %'. */
const SYMBOL_EXAMPLES = [...PASSWORD_SPECIAL_CHARACTERS].slice(0, 5).join(' ');

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  label: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${SIGNUP_PASSWORD_MIN} characters`,
    test: (p) => p.length >= SIGNUP_PASSWORD_MIN,
  },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', test: (p) => /[0-9]/.test(p) },
  {
    id: 'special',
    label: `One symbol (such as ${SYMBOL_EXAMPLES})`,
    test: (p) => [...p].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch)),
  },
];

export function meetsPasswordRules(password: string): boolean {
  return password.length <= PASSWORD_MAX && PASSWORD_RULES.every((rule) => rule.test(password));
}

export const emailSchema = z.string().trim().toLowerCase().max(MAX_EMAIL_LENGTH).pipe(z.email());

// Control characters and line breaks have no place in a name (and PostgreSQL cannot store NUL at all). Half of a
// UTF-16 surrogate pair is not text either: stored as UTF-8 it comes back as replacement characters, changed and
// longer (in a `u` regex a surrogate that is half of a pair is read as part of its character, so only a lone one
// matches).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\p{Cs}/u;

export const displayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_DISPLAY_NAME_LENGTH)
  .refine((name) => !CONTROL_CHARACTERS.test(name));

/** An invite code as people paste it: surrounding spaces are dropped, and empty means none. */
export const inviteCodeSchema = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((code) => code || undefined);

export const signUpSchema = z.object({
  name: displayNameSchema,
  email: emailSchema,
  password: z.string().refine(meetsPasswordRules),
  // Asked for only while SIGNUPS=invite (docs/product.md §5); ignored otherwise.
  inviteCode: inviteCodeSchema,
});

/** No upper bound on the password here: one longer than any we accept is refused as wrong, after it is counted. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1),
});

export const emailOnlySchema = z.object({ email: emailSchema });

export const actionModeSchema = z.enum(['verifyEmail', 'resetPassword']);
export type ActionMode = z.infer<typeof actionModeSchema>;

export const oobCodeSchema = z.string().min(16).max(200);

/** Every new password, by any path, meets the sign-up rules; a reset still says first when it is too short. */
export const applyResetSchema = z.object({
  oobCode: oobCodeSchema,
  newPassword: z
    .string()
    .min(RESET_PASSWORD_MIN, { abort: true })
    .refine(meetsPasswordRules, { error: 'password-requirements' }),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: z.string().min(SETTINGS_PASSWORD_INPUT_MIN, { abort: true }).refine(meetsPasswordRules),
});
