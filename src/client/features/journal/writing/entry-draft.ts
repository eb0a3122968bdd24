import { ENTRY_FIELDS, isBlankEntry } from '../../../../shared/entry-fields';
import { isMood, type Mood } from '../../../../shared/mood';
import { hasNoAnswer, type PromptAnswer, readAnswers } from '../../../../shared/prompts';
import { type EntryPhoto, MAX_PHOTOS_PER_ENTRY } from '../../../../shared/photos';
import { isTagName } from '../../../../shared/tags';
import { STORAGE_KEYS } from '../../../lib/constants';
import { storage } from '../../../lib/storage';
import type { EntryValues } from './entry-content';

/**
 * Today's entry while it is being written, kept on this device so that leaving the form, a reload or a crash loses
 * nothing. It belongs to one user and one day, and goes once the entry is saved or discarded, and at sign-out with
 * everything else personal (AuthProvider).
 */
export interface EntryDraft {
  userId: string;
  /** The writer's local day, YYYY-MM-DD: a draft left overnight does not come back the next day. */
  day: string;
  /** The entry's id, so that a save retried after a reload is still recognised as the same entry. */
  id: string;
  values: EntryValues;
  /** The mood chosen so far; absent in drafts kept before moods, and when none is chosen. */
  mood?: Mood | null;
  /** For an entry of the writer's own prompts: the prompts it asks, with the answers written so far. */
  answers?: PromptAnswer[];
  /** The chips added so far; absent in drafts kept before tags. */
  tags?: string[];
  /** The photos uploaded so far, in order (an upload not saved with an entry is kept by the server for a day). */
  photos?: EntryPhoto[];
}

/** The draft of `userId` for `day`, or null when there is none (or only someone else's, or another day's). */
export function readDraft(userId: string, day: string): EntryDraft | null {
  const raw = storage.get(STORAGE_KEYS.entryDraft);
  if (!raw) return null;
  let draft: unknown;
  try {
    draft = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isDraft(draft) || draft.userId !== userId || draft.day !== day) return null;
  return draft;
}

/** Keeps the draft; a blank one is not worth keeping, and removes any earlier one. */
export function keepDraft(draft: EntryDraft): void {
  if (draft.answers ? hasNoAnswer(draft.answers) : isBlankEntry(draft.values)) clearDraft();
  else storage.set(STORAGE_KEYS.entryDraft, JSON.stringify(draft));
}

export function clearDraft(): void {
  storage.remove(STORAGE_KEYS.entryDraft);
}

function isDraft(value: unknown): value is EntryDraft {
  if (typeof value !== 'object' || value === null) return false;
  const { userId, day, id, values, mood, answers, tags, photos } = value as Record<string, unknown>;
  if (typeof userId !== 'string' || typeof day !== 'string' || typeof id !== 'string') return false;
  if (mood !== undefined && mood !== null && !isMood(mood)) return false;
  if (answers !== undefined && readAnswers(answers) === null) return false;
  if (tags !== undefined && !(Array.isArray(tags) && tags.every(isTagName))) return false;
  if (photos !== undefined && !(Array.isArray(photos) && photos.length <= MAX_PHOTOS_PER_ENTRY && photos.every(isPhoto))) {
    return false;
  }
  if (typeof values !== 'object' || values === null) return false;
  return ENTRY_FIELDS.every((field) => typeof (values as Record<string, unknown>)[field] === 'string');
}

const SIZES = ['width', 'height', 'thumbWidth', 'thumbHeight'] as const;

function isPhoto(value: unknown): value is EntryPhoto {
  if (typeof value !== 'object' || value === null) return false;
  const photo = value as Record<string, unknown>;
  return typeof photo.id === 'string' && SIZES.every((size) => Number.isInteger(photo[size]) && (photo[size] as number) > 0);
}
