import { z } from 'zod';
import { displayNameSchema } from './auth-schemas';
import { promptWordingSchema } from './entry-schemas';
import { MAX_PROMPTS, type PromptChoice } from './prompts';
import { THEME_NAMES, type ThemeName } from './themes';

const promptCountError = `prompts must hold 1 to ${MAX_PROMPTS} prompts`;

/** The writer's prompts as Settings sends them (prompts.ts): a set, and for `custom` its 1 to MAX_PROMPTS wordings. */
export const promptChoiceSchema = z.discriminatedUnion(
  'set',
  [
    z.object({ set: z.literal('own') }).strict(),
    z.object({ set: z.literal('daily-question') }).strict(),
    z
      .object({
        set: z.literal('custom'),
        prompts: z
          .array(promptWordingSchema('Each of prompts'), { error: promptCountError })
          .min(1, { error: promptCountError })
          .max(MAX_PROMPTS, { error: promptCountError, abort: true }),
      })
      .strict(),
  ],
  { error: 'prompts must be {set: "own"}, {set: "daily-question"} or {set: "custom", prompts: [...]}' },
);

export const profileUpdateSchema = z
  .object({
    displayName: displayNameSchema.optional(),
    theme: z.enum(THEME_NAMES).optional(),
    preferences: z
      .object({
        showMemorySection: z.boolean().optional(),
        writePastDays: z.boolean().optional(),
        calendarPhotos: z.boolean().optional(),
      })
      .strict()
      .optional(),
    /** The welcome after the first sign-in was finished or skipped; once seen, it stays seen. */
    welcomeSeen: z.literal(true).optional(),
    /** The prompts the entry form asks (docs/product.md §5, "Your prompts"). */
    prompts: promptChoiceSchema.optional(),
  })
  .strict();

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export interface Profile {
  uid: string;
  email: string;
  displayName: string;
  createdAt: string;
  showMemorySection: boolean;
  /** Whether past days can get an entry and past entries can be edited (docs/product.md §5); false at creation. */
  writePastDays: boolean;
  /** Whether the calendars show each day's first photo as its tile (docs/product.md §16); false at creation. */
  calendarPhotos: boolean;
  theme: ThemeName | null;
  /** Whether the welcome after the first sign-in was finished or skipped, on any device (docs/product.md §4). */
  welcomeSeen: boolean;
  /** The prompts the entry form asks; `{ set: 'own' }` until the writer chooses others. */
  prompts: PromptChoice;
}

export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  emailVerified: boolean;
}

export interface SessionResponse {
  user: SessionUser | null;
  profile: Profile | null;
}
