// @vitest-environment happy-dom
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, LOGIN_LIMIT_MESSAGES, NOTICES } from '../../../../shared/messages';
import type { AppConfig } from '../../../lib/app-config';
import {
  answer,
  button,
  click,
  draw,
  field,
  hasButton,
  hasLink,
  link,
  PROFILE,
  settled,
  submit,
  type,
  USER,
  words,
} from '../../../test/dom';
import { LoginPage } from './LoginPage';

const SIGNUPS_CLOSED: AppConfig = { announcement: '', demoVideoId: null, supportEmail: null, signups: 'closed' };

/** The sign-in page at `at`, with the journal as where a sign-in leads. */
function drawLogin(at: string, config?: AppConfig) {
  return draw(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/journal" element={<h1>The journal</h1>} />
    </Routes>,
    { at, user: null, ...(config ? { config } : {}) },
  );
}

const heading = () => document.querySelector('h1')?.textContent;

describe('Sign in', () => {
  it('asks for the email and password, and offers the reset and sign-up', async () => {
    await drawLogin('/login');
    expect(heading()).toBe('Welcome Back');
    expect(document.title).toContain('Sign In');
    expect(field('Email').type).toBe('email');
    expect(field('Password').type).toBe('password');
    expect(hasButton('Sign In')).toBe(true);
    expect(link('Forgot password?').getAttribute('href')).toBe('/login?mode=reset');
    expect(link('Need an account? Sign up').getAttribute('href')).toBe('/login?mode=signup');
  });

  it('offers no sign-up while sign-ups are closed, and says so at the sign-up address', async () => {
    await drawLogin('/login', SIGNUPS_CLOSED);
    expect(hasLink('Need an account? Sign up')).toBe(false);

    await drawLogin('/login?mode=signup', SIGNUPS_CLOSED);
    expect(heading()).toBe('Sign-ups Are Closed');
    expect(document.querySelector('form')).toBeNull();
    expect(hasLink('Contact Support')).toBe(true);
  });

  it("says the server's refusal, and keeps the email typed", async () => {
    const requests = answer(() => ({
      status: 401,
      body: { code: 'invalid-credential', message: AUTH_MESSAGES['invalid-credential'] },
    }));
    await drawLogin('/login');
    await type(field('Email'), 'ada@example.com');
    await type(field('Password'), 'not-the-password');
    await submit(button('Sign In'));

    await settled(() => expect(words()).toContain(AUTH_MESSAGES['invalid-credential']));
    expect(requests).toEqual([
      { method: 'POST', path: '/api/auth/sign-in', body: { email: 'ada@example.com', password: 'not-the-password' } },
    ]);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(AUTH_MESSAGES['invalid-credential']);
    expect(field('Email').value).toBe('ada@example.com');
    expect(field('Password').value).toBe('not-the-password');
  });

  it('says when an address over its sign-in limit may try again, and offers the reset that does not wait', async () => {
    answer(() => ({
      status: 429,
      body: {
        code: 'too-many-login-attempts',
        message: AUTH_MESSAGES['too-many-login-attempts'],
        retryAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      },
    }));
    await drawLogin('/login');
    await type(field('Email'), 'ada@example.com');
    await type(field('Password'), 'guess-number-six');
    await submit(button('Sign In'));

    await settled(() => expect(words()).toContain(AUTH_MESSAGES['too-many-login-attempts']));
    expect(words()).toMatch(/You can try again at \d{1,2}:\d{2}\s?[AP]M\./);
    expect(link(LOGIN_LIMIT_MESSAGES.resetLink).getAttribute('href')).toBe('/login?mode=reset');
  });

  it('says an address is not verified yet, and offers to send the email again', async () => {
    const requests = answer(({ path }) =>
      path === '/api/auth/sign-in'
        ? { status: 403, body: { code: 'email-not-verified', message: AUTH_MESSAGES['email-not-verified'] } }
        : { status: 200, body: { ok: true, retryAfterSeconds: 60 } },
    );
    await drawLogin('/login');
    await type(field('Email'), 'ada@example.com');
    await type(field('Password'), 'Abcdefg1!');
    await submit(button('Sign In'));
    await settled(() => expect(words()).toContain(AUTH_MESSAGES['email-not-verified']));

    await click(button('Resend verification email'));
    await settled(() => expect(words()).toContain(NOTICES.verificationSent));
    expect(requests.at(-1)).toEqual({
      method: 'POST',
      path: '/api/auth/send-verification',
      body: { email: 'ada@example.com' },
    });
  });

  it('opens the journal once signed in', async () => {
    answer(() => ({ status: 200, body: { user: USER, profile: PROFILE } }));
    await drawLogin('/login');
    await type(field('Email'), 'ada@example.com');
    await type(field('Password'), 'Abcdefg1!');
    await submit(button('Sign In'));

    await settled(() => expect(heading()).toBe('The journal'));
  });

  it('carries the email typed to the reset, and sends the link there', async () => {
    const requests = answer(() => ({ status: 200, body: { ok: true } }));
    await drawLogin('/login');
    await type(field('Email'), 'ada@example.com');
    await click(link('Forgot password?'));

    expect(heading()).toBe('Reset Password');
    expect(field('Email').value).toBe('ada@example.com');
    await submit(button('Send Reset Link'));

    await settled(() => expect(words()).toContain(NOTICES.resetEmailSent));
    expect(heading()).toBe('Welcome Back');
    expect(requests).toEqual([
      { method: 'POST', path: '/api/auth/request-password-reset', body: { email: 'ada@example.com' } },
    ]);
    expect(field('Email').value).toBe('ada@example.com');
  });
});

describe('Sign up', () => {
  it('offers Create Account only once the password meets every rule, ticking them off as it is typed', async () => {
    await drawLogin('/login?mode=signup');
    await settled(() => expect(heading()).toBe('Create Your Account'));
    expect(document.querySelector('input[name="inviteCode"]')).toBeNull();
    await type(field('Name'), 'Ada');
    await type(field('Email'), 'ada@example.com');
    expect(button('Create Account').disabled).toBe(true);

    await type(field('Password'), 'abcdefgh');
    expect(button('Create Account').disabled).toBe(true);
    const met = () => [...document.querySelectorAll('.password-checklist li.rule-met .rule-label')].map((rule) => rule.textContent);
    expect(met()).toEqual(['At least 8 characters', 'One lowercase letter']);

    await type(field('Password'), 'Abcdefg1!');
    expect(button('Create Account').disabled).toBe(false);
  });

  it('asks for the invite code while sign-ups are by invitation, filled in from the link', async () => {
    const requests = answer(() => ({
      status: 403,
      body: { code: 'invalid-invite', message: AUTH_MESSAGES['invalid-invite'] },
    }));
    await drawLogin('/login?mode=signup&invite=%20GRATEFUL-2026%20', {
      announcement: '',
      demoVideoId: null,
      supportEmail: null,
      signups: 'invite',
    });
    await settled(() => expect(field('Invite code').value).toBe('GRATEFUL-2026'));
    await type(field('Name'), '  Ada  ');
    await type(field('Email'), 'ada@example.com');
    await type(field('Password'), 'Abcdefg1!');
    await submit(button('Create Account'));

    await settled(() => expect(words()).toContain(AUTH_MESSAGES['invalid-invite']));
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/auth/sign-up',
        body: { name: 'Ada', email: 'ada@example.com', password: 'Abcdefg1!', inviteCode: 'GRATEFUL-2026' },
      },
    ]);
  });

  it('goes back to sign-in once the account is made, saying what comes next, with the email filled in', async () => {
    answer(() => ({ status: 200, body: { ok: true } }));
    await drawLogin('/login?mode=signup');
    await settled(() => expect(heading()).toBe('Create Your Account'));
    await type(field('Name'), 'Ada');
    await type(field('Email'), 'ada@example.com');
    await type(field('Password'), 'Abcdefg1!');
    await submit(button('Create Account'));

    await settled(() => expect(heading()).toBe('Welcome Back'));
    expect(words()).toContain(NOTICES.accountCreated);
    expect(field('Email').value).toBe('ada@example.com');
  });
});
