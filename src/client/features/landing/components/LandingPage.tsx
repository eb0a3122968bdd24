import { type ComponentType, useRef, useState } from 'react';
import { AUTH_MESSAGES } from '../../../../shared/messages';
import { type SignupMode, useSignupMode } from '../../../lib/app-config';
import { AppLink } from '../../../lib/links';
import { loginPath, paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonClassName } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { useToast } from '../../../ui/toast-context';
import { PHONE_SCREENSHOT, SCREENSHOT, VIDEO_FAILED_MESSAGE } from '../demo-video';
import type { DemoVideoDialogProps } from './DemoVideoDialog';
import '../../../styles/landing.css';

function BreathIcon() {
  return (
    <Icon>
      <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
        <path d="M3 9h11a3 3 0 1 0-3-3" />
        <path d="M3 13h15a3 3 0 1 1-3 3" />
        <path d="M3 17h6" />
      </g>
    </Icon>
  );
}

function SparkIcon() {
  return (
    <Icon>
      <path
        d="M12 3l1.9 5.6L19.5 10l-5.6 1.9L12 17.5l-1.9-5.6L4.5 10l5.6-1.4zM18.5 15.5l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

function CalendarIcon() {
  return (
    <Icon>
      <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
        <path d="M3.5 9.5h17M8 3v4M16 3v4M9 15l2 2 4-4" />
      </g>
    </Icon>
  );
}

function PlayIcon() {
  return (
    <Icon>
      <path d="M8.5 5.8v12.4a.8.8 0 0 0 1.2.7l9.8-6.2a.8.8 0 0 0 0-1.4L9.7 5.1a.8.8 0 0 0-1.2.7z" fill="currentColor" />
    </Icon>
  );
}

const BENEFITS = [
  { icon: <BreathIcon />, title: 'Feel calmer.', text: 'A short breathing exercise eases the day’s stress before you write.' },
  { icon: <SparkIcon />, title: 'See the good.', text: 'Daily prompts train your eye for what is going right, big and small.' },
  { icon: <CalendarIcon />, title: 'Make it a habit.', text: 'A few minutes a day, and a streak that grows with you.' },
] as const;

/** The call to action follows SIGNUPS: the sign-up link, by invitation, or the notice that sign-ups are closed. */
function SignupCall({ mode }: { mode: SignupMode }) {
  if (mode === 'closed') {
    return (
      <div className="landing-actions">
        <p className="landing-closed" role="status">
          {AUTH_MESSAGES['signups-closed']}
        </p>
        <AppLink to={paths.contact} className={buttonClassName('secondary')}>
          Contact Support
        </AppLink>
        <p className="landing-note">
          Already have a journal?{' '}
          <AppLink to={loginPath()} className="text-link">
            Sign in
          </AppLink>
        </p>
      </div>
    );
  }
  return (
    <div className="landing-actions">
      <AppLink to={loginPath('signup')} className="btn btn-primary btn-large">
        Start Your Free Journal
      </AppLink>
      <p className="landing-note">
        {mode === 'invite'
          ? 'Free and private, by invitation: have your invite code ready.'
          : 'Free and private. No ads, no tracking.'}
      </p>
    </div>
  );
}

/** The overlay's code loads when a visitor reaches for the video, not with the first screen. */
const loadDialog = () => import('./DemoVideoDialog').then((module) => module.DemoVideoDialog);

export function LandingPage() {
  usePageTitle();
  const toast = useToast();
  const [videoOpen, setVideoOpen] = useState(false);
  const [Dialog, setDialog] = useState<ComponentType<DemoVideoDialogProps> | null>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const signupMode = useSignupMode();

  async function openVideo() {
    if (!Dialog) {
      try {
        const loaded = await loadDialog();
        setDialog(() => loaded);
      } catch {
        toast.error(VIDEO_FAILED_MESSAGE);
        return;
      }
    }
    setVideoOpen(true);
  }

  function closeVideo() {
    setVideoOpen(false);
    openerRef.current?.focus();
  }

  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <p className="landing-eyebrow">Your daily gratitude practice</p>
        <h1 id="landing-title">Cultivate gratitude, one day at a time</h1>
        <p className="landing-lead">
          Take a few quiet minutes each day to breathe, write down what you are grateful for, celebrate a win and
          picture where you are headed. Your journal keeps every page, privately.
        </p>
        <SignupCall mode={signupMode} />
      </section>

      <ul className="benefits" aria-label="Why keep a gratitude journal">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="benefit">
            <span className="benefit-icon">{benefit.icon}</span>
            <p>
              <strong>{benefit.title}</strong> {benefit.text}
            </p>
          </li>
        ))}
      </ul>

      <section className="landing-demo" aria-labelledby="landing-demo-title">
        <h2 id="landing-demo-title" className="landing-demo-title">
          See how it works
        </h2>
        <button
          ref={openerRef}
          type="button"
          className="screenshot-button"
          aria-label="Watch the demo video"
          onClick={() => void openVideo()}
          // Pointing at or tabbing to the screenshot starts the download, so the overlay opens at once on click.
          onPointerEnter={() => void loadDialog().catch(() => undefined)}
          onFocus={() => void loadDialog().catch(() => undefined)}
        >
          {/* Markup only, the same for every device (the page is rendered ahead of time): the browser picks. */}
          <picture className="screenshot-picture">
            <source
              media={PHONE_SCREENSHOT.media}
              srcSet={PHONE_SCREENSHOT.srcSet}
              width={PHONE_SCREENSHOT.width}
              height={PHONE_SCREENSHOT.height}
            />
            <img
              className="screenshot"
              src={SCREENSHOT.src}
              width={SCREENSHOT.width}
              height={SCREENSHOT.height}
              alt={SCREENSHOT.alt}
              loading="lazy"
              decoding="async"
            />
          </picture>
          <span className="play-badge" aria-hidden="true">
            <span className="play-badge-icon">
              <PlayIcon />
            </span>
            Watch the demo video
          </span>
        </button>
      </section>

      {Dialog && <Dialog open={videoOpen} onClose={closeVideo} />}
    </div>
  );
}
