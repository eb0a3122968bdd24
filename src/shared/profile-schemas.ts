import { z } from 'zod';
import { displayNameSchema } from './auth-schemas';
import { THEME_NAMES, type ThemeName } from './themes';

export const profileUpdateSchema = z
  .object({
    displayName: displayNameSchema.optional(),
    theme: z.enum(THEME_NAMES).optional(),
    preferences: z
      .object({ showMemorySection: z.boolean().optional(), writePastDays: z.boolean().optional() })
      .strict()
      .optional(),
    /** The welcome after the first sign-in was finished or skipped; once seen, it stays seen. */
    welcomeSeen: z.literal(true).optional(),
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
  theme: ThemeName | null;
  /** Whether the welcome after the first sign-in was finished or skipped, on any device (docs/product.md §4). */
  welcomeSeen: boolean;
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
