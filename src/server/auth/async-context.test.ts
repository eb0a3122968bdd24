import { triggerAsyncId } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../test/databases';
import { createHarness, type Harness, signUpAndVerify } from '../test/harness';

/**
 * Whether async_hooks is tracking promises, the cost every request pays while better-auth's AsyncLocalStorage is
 * on. Node documents that a promise callback sees trigger id 0 when no hook tracks promises.
 */
const promisesTracked = () => Promise.resolve().then(() => triggerAsyncId() !== 0);

describe.each(DATABASE_KINDS)("better-auth's call state on %s", (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  it('is on during a sign-in and off once it has answered', async () => {
    const user = await signUpAndVerify(h);
    expect(await promisesTracked()).toBe(false);

    let answered = false;
    const signIn = h
      .agent()
      .post('/api/auth/sign-in', { email: user.email, password: user.password })
      .finally(() => {
        answered = true;
      });
    let trackedWhileSigningIn = false;
    while (!answered && !trackedWhileSigningIn) {
      await new Promise((resolve) => setImmediate(resolve));
      trackedWhileSigningIn = await promisesTracked();
    }
    expect((await signIn).status).toBe(200);
    expect(trackedWhileSigningIn).toBe(true);
    expect(await promisesTracked()).toBe(false);
  });

  it('keeps concurrent sign-ins, session reads and sign-outs apart', async () => {
    const users: Awaited<ReturnType<typeof signUpAndVerify>>[] = [];
    for (let i = 0; i < 6; i += 1) users.push(await signUpAndVerify(h, { name: `Reader ${i}` }));

    const sessions = await Promise.all(
      users.map(async (user) => {
        const agent = h.agent();
        const signIn = await agent.post('/api/auth/sign-in', { email: user.email, password: user.password });
        const session = await agent.get('/api/auth/session');
        const signOut = await agent.post('/api/auth/sign-out', {});
        const after = await agent.get('/api/auth/session');
        return { signIn: signIn.status, session: session.json, signOut: signOut.status, after: after.json };
      }),
    );

    sessions.forEach((result, i) => {
      expect(result.signIn).toBe(200);
      expect(result.session).toMatchObject({ user: { email: users[i]?.email, displayName: `Reader ${i}` } });
      expect(result.signOut).toBe(200);
      expect(result.after).toEqual({ user: null, profile: null });
    });
    expect(await promisesTracked()).toBe(false);
  });
});
