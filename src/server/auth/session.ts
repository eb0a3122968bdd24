import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type { DatabaseHandle } from '../db/connect';
import type { AuthUser } from './repository';

interface SessionRow {
  expiresAt: Date | string;
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  journalVersion: number | null;
  showMemorySection: number | boolean | null;
  writePastDays: number | null;
  disabledAt: string | null;
}

export interface SessionLookup {
  user: AuthUser;
  token: string;
  journal: JournalState;
}

/** What the journal's handlers need of the user's profile, read with the session at no extra cost. */
export interface JournalState {
  /** Answers cached under this version are current (journal/read-cache.ts). */
  version: number;
  /** Whether new entries keep their memory text (docs/product.md §5). */
  showMemorySection: boolean;
  /**
   * Whether the writer writes and edits past days (docs/product.md §5), as the session read it: a write to a past day
   * checks it again in its own transaction (journal/service.ts), since it may have changed since.
   */
  writePastDays: boolean;
}

/**
 * Reads the session behind better-auth's signed session cookie, and the user's journal state, with one indexed
 * query. A session of an account the operator disabled is no session, whichever process disabled it.
 *
 * better-auth's own getSession builds a full endpoint context per call, which costs more than the rest of a
 * journal request put together. This reader accepts exactly what better-auth wrote (the cookie it signed with our
 * secret, a session row that has not expired) and nothing more; refreshing a session's expiry stays with
 * better-auth, in GET /api/auth/session, which the app calls on every start.
 */
export class SessionReader {
  /** Cookie values whose signature checked out, and their token: a signature never stops being valid. */
  private readonly verified = new Map<string, string>();
  /** Built and compiled once; every authenticated request runs it with its own token. */
  private readonly byToken: CompiledQuery<SessionRow>;
  private knownCookieName: string | undefined;

  constructor(
    /** Every authenticated request makes this one read, so it goes through DatabaseHandle.read, the short way. */
    private readonly database: Pick<DatabaseHandle, 'db' | 'read'>,
    private readonly secret: string,
    /** better-auth's session cookie name, which depends on its settings (the __Secure- prefix under https). */
    private readonly cookieName: Promise<string>,
    private readonly verifiedLimit = 10_000,
  ) {
    this.byToken = database.db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .leftJoin('profile', 'profile.uid', 'user.id')
      .select([
        'session.expiresAt',
        'user.id',
        'user.name',
        'user.email',
        'user.emailVerified',
        'profile.journal_version as journalVersion',
        'profile.show_memory_section as showMemorySection',
        'profile.past_days as writePastDays',
        'profile.disabled_at as disabledAt',
      ])
      .where('session.token', '=', '')
      .compile();
  }

  async read(cookieHeader: string | undefined): Promise<SessionLookup | null> {
    // Known once better-auth has started; until then every request waits for it.
    this.knownCookieName ??= await this.cookieName;
    const token = this.verifiedToken(cookieHeader, this.knownCookieName);
    if (!token) return null;
    const query: CompiledQuery<SessionRow> = { ...this.byToken, parameters: [token] };
    const rows = await this.database.read(query);
    const row = rows[0];
    // Expiry is judged by the wall clock, as better-auth judges it when it writes and refreshes sessions.
    if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
    if (row.disabledAt) return null;
    return {
      token,
      user: { id: row.id, name: row.name, email: row.email, emailVerified: Boolean(row.emailVerified) },
      journal: {
        version: Number(row.journalVersion ?? 0),
        showMemorySection: Boolean(row.showMemorySection),
        writePastDays: Boolean(row.writePastDays),
      },
    };
  }

  private verifiedToken(cookieHeader: string | undefined, cookieName: string): string | null {
    const raw = cookieValue(cookieHeader, cookieName);
    if (!raw) return null;
    // Checking a signature costs more than the session query; a value seen before is looked up instead.
    const known = this.verified.get(raw);
    if (known) return known;
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', this.secret).update(token).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    // Only verified values are kept, so nobody can fill this with forgeries; the oldest goes first when full.
    if (this.verified.size >= this.verifiedLimit) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(raw, token);
    return token;
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
