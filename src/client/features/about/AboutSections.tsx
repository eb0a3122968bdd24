import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RESET_PASSWORD_TTL_MS, SIGNUP_PASSWORD_MIN, VERIFY_EMAIL_TTL_MS } from '../../../shared/limits';
import { loginPath } from '../../app/paths';
import { BREATHING_PHASE_MS, BREATHING_ROUNDS, MINIMUM_AGE } from '../../lib/constants';
import type { MobilePlatform } from '../../lib/mobile-install';

const SUPPORT_EMAIL = 'support@gratitude-journal.app';

const PHASE_SECONDS = BREATHING_PHASE_MS / 1000;
const BREATHING_SECONDS = (BREATHING_ROUNDS * 4 * BREATHING_PHASE_MS) / 1000;
const RESET_LINK_HOURS = RESET_PASSWORD_TTL_MS / 3_600_000;
const VERIFY_LINK_HOURS = VERIFY_EMAIL_TTL_MS / 3_600_000;

function hours(count: number): string {
  return count === 1 ? 'one hour' : `${count} hours`;
}

export function AboutSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // Focusable from script only, so a link to the section also brings keyboard focus along.
    <section id={id} className="card about-section" aria-labelledby={`${id}-heading`} tabIndex={-1}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

export function HowToJournal() {
  return (
    <>
      <p>
        Each day&apos;s entry takes only a few minutes. Find a quiet spot, open your journal and follow the steps.
      </p>
      <ol className="about-steps">
        <li>
          <strong>Open today&apos;s page.</strong> You will find a quote for the day. Choose{' '}
          <em>Add Your Journal Entry</em> to begin.
        </li>
        <li>
          <strong>Breathe.</strong> <em>Prepare Your Mind</em> offers a {BREATHING_SECONDS}-second exercise: {BREATHING_ROUNDS}{' '}
          rounds of box breathing, where you inhale for {PHASE_SECONDS} seconds, hold, exhale for {PHASE_SECONDS}{' '}
          seconds and hold again, following the circle. If you are short on time, choose <em>Skip</em>.
        </li>
        <li>
          <strong>Answer the three prompts.</strong> <em>I am grateful for...</em>, <em>I want to celebrate...</em> and{' '}
          <em>I am manifesting...</em>. For the last one, write as if your goal has already come true.
        </li>
        <li>
          <strong>Capture a memory, if you like.</strong> Turn on the Memory Section in Account Settings to add{' '}
          <em>Today I want to capture these memories...</em> to your entry.
        </li>
        <li>
          <strong>Save your entry.</strong> You can edit it for the rest of the day. Earlier entries stay as you wrote
          them; you can read them in day or month view, or delete them.
        </li>
      </ol>
      <h3>Tips for a lasting practice</h3>
      <ul className="about-tips">
        <li>Be specific: &ldquo;the walk with my sister at sunset&rdquo; says more than &ldquo;family&rdquo;.</li>
        <li>Small things count. A good cup of tea or a kind word is worth writing down.</li>
        <li>Pick a regular moment, such as your morning coffee or just before bed, and keep your streak going.</li>
        <li>On a hard day, one honest line is enough. Showing up matters more than writing a lot.</li>
      </ul>
    </>
  );
}

export function AccountManagement() {
  return (
    <dl className="faq">
      <div>
        <dt>How do I create an account?</dt>
        <dd>
          Choose <Link to={loginPath('signup')}>Start Your Free Journal</Link> and enter your name, email address and a
          password. Your password needs at least {SIGNUP_PASSWORD_MIN} characters, with an uppercase letter, a
          lowercase letter, a number and a special character.
        </dd>
      </div>
      <div>
        <dt>Why do I need to verify my email?</dt>
        <dd>
          Verifying shows the address is really yours, so only you can recover the account. We send a link when you
          sign up; it works for {hours(VERIFY_LINK_HOURS)}. Lost it? Sign in and choose{' '}
          <em>Resend verification email</em>.
        </dd>
      </div>
      <div>
        <dt>I forgot my password. What now?</dt>
        <dd>
          On the <Link to={loginPath()}>Sign In</Link> screen choose <em>Forgot password?</em> and enter your email
          address. The reset link we send works for {hours(RESET_LINK_HOURS)}.
        </dd>
      </div>
      <div>
        <dt>How do I change my name, password or preferences?</dt>
        <dd>
          Open the menu under your name and choose <em>Account Settings</em>. There you can update your display name,
          turn the Memory Section on or off, and change your password (you will need your current one).
        </dd>
      </div>
      <div>
        <dt>Can I change the colours?</dt>
        <dd>
          Yes. Pick a theme with the round buttons at the foot of every page: Default (teal and beige), Serene
          (lavender) or Dark. When you are signed in, your choice is saved to your account.
        </dd>
      </div>
    </dl>
  );
}

export function ContactAndSupport() {
  return (
    <>
      <p>
        Questions, ideas, or something not working as it should? Write to us at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
      <p>
        To help us help you, tell us what you were doing, what you expected and what happened instead, and which
        device and browser you use. Please never send your password: we will never ask for it.
      </p>
    </>
  );
}

export function PrivacyAndSecurity() {
  return (
    <>
      <ul className="about-points">
        <li>
          <strong>Your entries are yours alone.</strong> Only you can read them. The server checks every request
          against your account, so no one else can open your entries, even with a link.
        </li>
        <li>
          <strong>Passwords are never stored.</strong> We keep only a one-way hash of your password, which cannot be
          turned back into the password itself.
        </li>
        <li>
          <strong>No tracking.</strong> There are no ads, analytics or third-party trackers. The demo video on the home
          page loads from the video host only when you choose to play it.
        </li>
        <li>
          <strong>On this device</strong> we remember only your theme, who is signed in, and whether you dismissed the
          install hint.
        </li>
      </ul>
      <h3>Terms of use</h3>
      <p>
        Gratitude Journal is for your own personal journaling. You must be at least {MINIMUM_AGE} years old to use the
        service. Keep your password to yourself, and do not use the service for anything unlawful. By creating an
        account you agree to these terms.
      </p>
    </>
  );
}

const INSTALL_STEPS: Record<MobilePlatform, { browser: string; steps: ReactNode[] }> = {
  ios: {
    browser: 'Safari',
    steps: [
      <>Open Gratitude Journal in Safari.</>,
      <>
        Tap <strong>Share</strong> (the square with an arrow pointing up).
      </>,
      <>
        Choose <strong>Add to Home Screen</strong>, then tap <strong>Add</strong>.
      </>,
    ],
  },
  android: {
    browser: 'Chrome',
    steps: [
      <>Open Gratitude Journal in Chrome.</>,
      <>
        Tap the <strong>Menu</strong> (the three dots at the top right).
      </>,
      <>
        Choose <strong>Add to Home screen</strong>, then confirm.
      </>,
    ],
  },
};

export function InstallOnMobile({ platform }: { platform: MobilePlatform }) {
  const { browser, steps } = INSTALL_STEPS[platform];
  return (
    <>
      <p>
        Keep your journal one tap away: add it to your home screen from {browser} and it opens like an app.
      </p>
      <ol className="about-steps">
        {steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
    </>
  );
}
