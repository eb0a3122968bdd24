import type { AuthUser } from '../auth/repository';

/** What middleware puts on the Hono context for the handlers after it. */
export interface AppEnv {
  Variables: {
    requestId: string;
    clientIp: string;
    user: AuthUser;
    sessionToken: string;
  };
}
