import { Hono } from 'hono';
import {
  actionModeSchema,
  applyResetSchema,
  changePasswordSchema,
  emailOnlySchema,
  oobCodeSchema,
  signInSchema,
  signUpSchema,
} from '../../shared/auth-schemas';
import { z } from 'zod';
import type { SessionResponse } from '../../shared/profile-schemas';
import type { ProfileService } from '../profile/service';
import { displayNameIssue } from './display-name';
import type { AuthUser } from './repository';
import type { AppEnv } from '../http/context';
import { authError } from '../http/errors';
import { parseWith, readJson } from '../http/read-json';
import { appendCookies, authHeaders } from './headers';
import { requireUser } from './middleware';
import type { AuthService } from './service';
import type { SessionReader } from './session';

/** The signed-in user and their profile, as the app receives them after sign-in and on every start. */
async function presentSession(profiles: ProfileService, user: AuthUser): Promise<SessionResponse> {
  const profile = await profiles.find(user.id);
  return {
    user: { id: user.id, email: user.email, displayName: user.name, emailVerified: user.emailVerified },
    profile: profile ?? null,
  };
}

const emailIssue = (path: PropertyKey[]) => (path[0] === 'email' ? 'invalid-email' : 'missing-fields');

export function authRoutes({
  auth: service,
  profiles,
  sessions,
}: {
  auth: AuthService;
  profiles: ProfileService;
  sessions: SessionReader;
}) {
  const app = new Hono<AppEnv>();

  app.post('/sign-up', async (c) => {
    service.refuseClosedSignUps();
    const body = await readJson(c);
    const input = parseWith(signUpSchema, body, (issue) => {
      if (issue.path[0] === 'password') return authError(400, 'password-requirements');
      if (issue.path[0] === 'name') return authError(400, displayNameIssue(issue, 'missing-fields'));
      if (issue.path[0] === 'inviteCode') return authError(400, 'invalid-invite');
      return authError(400, emailIssue(issue.path));
    });
    await service.signUp(input);
    return c.json({ ok: true }, 201);
  });

  app.post('/sign-in', async (c) => {
    const body = await readJson(c);
    const input = parseWith(signInSchema, body, (issue) => authError(400, emailIssue(issue.path)));
    const { user, setCookies } = await service.signIn(input, authHeaders(c));
    appendCookies(c, setCookies);
    return c.json(await presentSession(profiles, user));
  });

  app.post('/sign-out', async (c) => {
    appendCookies(c, await service.signOut(authHeaders(c)));
    return c.json({ ok: true });
  });

  app.get('/session', async (c) => {
    const session = await service.currentSession(authHeaders(c));
    c.header('cache-control', 'no-store');
    if (!session) return c.json({ user: null, profile: null });
    appendCookies(c, session.setCookies);
    return c.json(await presentSession(profiles, session.user));
  });

  app.post('/send-verification', async (c) => {
    const { email } = parseWith(emailOnlySchema, await readJson(c), () => authError(400, 'invalid-email'));
    const { retryAfterSeconds } = await service.resendVerification(email);
    return c.json({ ok: true, retryAfterSeconds });
  });

  // When 'Resend' may send again, so the verify screen shows the wait after a reload. Any address gets an answer.
  app.post('/verification-cooldown', async (c) => {
    const { email } = parseWith(emailOnlySchema, await readJson(c), () => authError(400, 'invalid-email'));
    c.header('cache-control', 'no-store');
    return c.json(await service.verificationCooldown(email));
  });

  app.post('/check-action', async (c) => {
    const schema = z.object({ mode: actionModeSchema, oobCode: oobCodeSchema });
    const { mode, oobCode } = parseWith(schema, await readJson(c), (issue) =>
      issue.path[0] === 'oobCode' ? authError(400, 'invalid-action-code') : authError(400, 'invalid-action-code'),
    );
    const result = await service.checkActionCode(mode, oobCode);
    return c.json(result);
  });

  app.post('/verify-email', async (c) => {
    const schema = z.object({ oobCode: oobCodeSchema });
    const { oobCode } = parseWith(schema, await readJson(c), () => authError(400, 'invalid-action-code'));
    const { alreadyVerified } = await service.verifyEmail(oobCode);
    return c.json({ ok: true, alreadyVerified });
  });

  app.post('/request-password-reset', async (c) => {
    const { email } = parseWith(emailOnlySchema, await readJson(c), () => authError(400, 'invalid-email'));
    await service.requestPasswordReset(email);
    return c.json({ ok: true });
  });

  app.post('/reset-password', async (c) => {
    const input = parseWith(applyResetSchema, await readJson(c), (issue) => {
      if (issue.path[0] !== 'newPassword') return authError(400, 'invalid-action-code');
      return authError(400, issue.code === 'custom' ? 'password-requirements' : 'reset-password-too-short');
    });
    await service.resetPassword(input.oobCode, input.newPassword);
    return c.json({ ok: true });
  });

  app.post('/change-password', requireUser(sessions), async (c) => {
    const input = parseWith(changePasswordSchema, await readJson(c), (issue) => {
      if (issue.path[0] !== 'newPassword') return authError(400, 'missing-fields');
      return authError(400, issue.code === 'custom' ? 'password-requirements' : 'weak-password');
    });
    appendCookies(c, await service.changePassword(c.get('user'), authHeaders(c), input.currentPassword, input.newPassword));
    return c.json({ ok: true });
  });

  return app;
}

/** The signed-in user's own account: DELETE removes it and everything of theirs, behind the password. */
export function accountRoutes({ auth, sessions }: { auth: AuthService; sessions: SessionReader }) {
  const app = new Hono<AppEnv>();
  const schema = z.object({ password: z.string().min(1) });
  app.delete('/', requireUser(sessions), async (c) => {
    const { password } = parseWith(schema, await readJson(c), () => authError(400, 'missing-fields'));
    await auth.deleteAccount(c.get('user'), password);
    return c.json({ ok: true });
  });
  return app;
}
