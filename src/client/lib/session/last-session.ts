import { isThemeName } from '../../../shared/themes';
import type { Profile, SessionResponse, SessionUser } from '../../../shared/profile-schemas';
import { localDatabase } from '../persistence/local-database';

const KEY = 'session';
const SIGN_OUT_PENDING_KEY = 'sign-out-pending';

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null;
}

// Hand-written rather than zod: this runs on every start, and zod would triple the first screen's bundle.
function isUser(value: unknown): value is SessionUser {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.email === 'string' &&
    typeof value.displayName === 'string' &&
    typeof value.emailVerified === 'boolean'
  );
}

function isProfile(value: unknown): value is Profile {
  return (
    isRecord(value) &&
    typeof value.uid === 'string' &&
    typeof value.email === 'string' &&
    typeof value.displayName === 'string' &&
    typeof value.createdAt === 'string' &&
    typeof value.showMemorySection === 'boolean' &&
    // Kept by a version before the past-days setting: off, as it was.
    (value.writePastDays === undefined || typeof value.writePastDays === 'boolean') &&
    // Kept by a version before the calendars' photos: off, as it was.
    (value.calendarPhotos === undefined || typeof value.calendarPhotos === 'boolean') &&
    (value.theme === null || isThemeName(value.theme))
  );
}

/**
 * The last session the server confirmed on this device. It lets the app open signed in while offline; it says
 * nothing about whether the server still accepts the cookie, which the next successful request will tell.
 */
export async function readLastSession(): Promise<SessionResponse | null> {
  try {
    const stored = await localDatabase.get(KEY);
    if (!isRecord(stored) || !isUser(stored.user)) return null;
    return { user: stored.user, profile: isProfile(stored.profile) ? stored.profile : null };
  } catch (error) {
    console.warn('Could not read the remembered session', error);
    return null;
  }
}

export async function rememberSession(session: SessionResponse): Promise<void> {
  try {
    if (session.user) await localDatabase.set(KEY, { user: session.user, profile: session.profile });
    else await localDatabase.remove(KEY);
  } catch (error) {
    console.warn('Could not remember the session on this device', error);
  }
}

/**
 * A sign-out the server has not heard of yet (it was made offline): until it has, no session answer is trusted,
 * or the still-valid cookie would sign the user back in as soon as the connection returns.
 */
export async function isSignOutPending(): Promise<boolean> {
  try {
    return (await localDatabase.get(SIGN_OUT_PENDING_KEY)) === true;
  } catch {
    return false;
  }
}

export async function setSignOutPending(pending: boolean): Promise<void> {
  try {
    if (pending) await localDatabase.set(SIGN_OUT_PENDING_KEY, true);
    else await localDatabase.remove(SIGN_OUT_PENDING_KEY);
  } catch (error) {
    console.warn('Could not record the sign-out on this device', error);
  }
}
