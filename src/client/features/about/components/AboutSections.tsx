import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RESET_PASSWORD_TTL_MS, SIGNUP_PASSWORD_MIN, VERIFY_EMAIL_TTL_MS } from '../../../../shared/limits';
import { useAppConfig } from '../../../lib/app-config';
import { BREATHING_PHASE_MS, BREATHING_ROUNDS, MINIMUM_AGE } from '../../../lib/constants';
import type { MobilePlatform } from '../../../lib/mobile-install';
import { loginPath, welcomeAgainPath } from '../../../lib/paths';
import { PERSISTED_CACHE_MAX_AGE_MS } from '../../../lib/persistence/query-persistence';

const PERSISTED_CACHE_DAYS = PERSISTED_CACHE_MAX_AGE_MS / 86_400_000;
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
          <em>I am manifesting...</em> For the last one, write as if your goal has already come true.
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
      <p>
        The welcome you saw after your first sign-in (the prompts, a reminder, the app on your phone) is here whenever
        you want it: <Link to={welcomeAgainPath}>See the welcome again</Link>.
      </p>
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

/**
 * Whoever runs this journal gives their address with SUPPORT_EMAIL; without one the page names no address, since
 * an invented one would send people's questions nowhere (or to a stranger).
 */
export function ContactAndSupport() {
  const supportEmail = useAppConfig().data?.supportEmail;
  return (
    <>
      {supportEmail ? (
        <p>
          Questions, ideas, or something not working as it should? Write to us at{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      ) : (
        <p>
          Questions, ideas, or something not working as it should? This journal is run by whoever set it up for you,
          such as your organisation or a friend. They have not added a contact address here, so please reach them the
          way you usually would.
        </p>
      )}
      <p>
        It helps to say what you were doing, what you expected and what happened instead, and which device and browser
        you use. Please never send your password: nobody who runs this journal will ever ask for it.
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
      </ul>
      <h3>What this device keeps</h3>
      <p>So that your journal opens quickly and works offline, your browser keeps:</p>
      <ul className="about-points">
        <li>
          <strong>A copy of your journal</strong>: the days, months and stats you have opened. It is dropped after{' '}
          {PERSISTED_CACHE_DAYS} days and whenever the app updates.
        </li>
        <li>
          <strong>Who is signed in</strong>: your name, email address and preferences as the server last confirmed
          them, so the journal also opens offline.
        </li>
        <li>
          <strong>Changes waiting to sync</strong>: entries you wrote, edited or deleted while offline, until the
          server has them.
        </li>
        <li>
          <strong>Today&apos;s unsaved entry</strong>, while you write it, until you save or discard it.
        </li>
        <li>
          <strong>Your theme</strong>, and whether you dismissed the hint about installing the app.
        </li>
      </ul>
      <p>
        Signing out clears the copy of your journal, who was signed in and today&apos;s unsaved entry. If changes are
        still waiting to sync, you can wait until they are sent; if you sign out anyway, they stay on this device and
        are sent the next time you sign in here, never under another account. Your theme stays, and so does a dismissed
        install hint.
      </p>
      <h3>What the server keeps</h3>
      <p>
        Your entries stay on the server until you delete them, or delete your account, which removes everything of
        yours at once; a backup made earlier by whoever runs this journal may hold a copy until it is replaced. In
        Account Settings, <em>Your data</em> downloads your whole journal whenever you like, and{' '}
        <em>Delete Account</em> ends it and clears your journal and its waiting changes from this device.
      </p>
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
