import type { AuthUser } from '../auth/repository';
import type { JournalState } from '../auth/session';

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

