import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/repository';
import type { AuthService } from '../auth/service';
import type { JournalState, SessionReader } from '../auth/session';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';
import type { JournalService } from '../journal/service';

/** What middleware puts on the Hono context for the handlers after it. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The security headers and the request id, for `jsonResponse` (http/security.ts). */
    responseHeaders: Record<string, string>;
    clientIp: string;
    user: AuthUser;
    sessionToken: string;
    /** The signed-in user's journal version and settings, read with the session. */
    journal: JournalState;
  };
}

/** What every route factory receives, built once in app.ts: the database, the clock, sessions and each area's service. */
export interface AppServices {
  db: Kysely<Database>;
  dialect: Dialect;
  sessions: SessionReader;
  now: () => Date;
  auth: AuthService;
  journal: JournalService;
}
