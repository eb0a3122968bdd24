import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { PROMPTS } from '../../../../shared/entry-fields';
import { useConnectionState } from '../../../lib/connection/connection-state';
import { currentMobilePlatform, installPromptStore, isRunningInstalled } from '../../../lib/mobile-install';
import { useDeviceValue } from '../../../lib/use-device-value';
import { Button } from '../../../ui/Button';
import '../../../styles/welcome.css';

export type WelcomeEnd = 'skipped' | 'completed';

function PromptsStep() {
  return (
    <>
      <p>Each day, a few minutes and three short questions:</p>
      <ul className="welcome-prompts">
        <li>
          <strong>{PROMPTS.gratitude}</strong> something good, however small, that you noticed today.
        </li>
        <li>
          <strong>{PROMPTS.celebration}</strong> a step you took, or a win of someone close to you.
        </li>
        <li>
          <strong>{PROMPTS.manifestation}</strong> what you are working towards, said as if it is on its way.
        </li>
      </ul>
      <p>
        Writing down what went well trains your attention to find it, and after a few weeks you have a record of good
        days to look back on. Answer one, or all three; a line is enough.
      </p>
    </>
  );
}


function InstallStep() {
  const platform = useDeviceValue(currentMobilePlatform, null);
  const installed = useDeviceValue(isRunningInstalled, false);
  const prompt = useSyncExternalStore(installPromptStore.subscribe, installPromptStore.current, () => null);
  const [answer, setAnswer] = useState<string | null>(null);
  const offline = useConnectionState() === 'offline';

  if (installed) return <p>You are already using the app from your home screen. Nothing more to do here.</p>;

  const ios = (
    <div key="ios">
      <h3 className="welcome-subheading">On an iPhone or iPad</h3>
      <ol className="welcome-steps">
        <li>Open the journal in Safari.</li>
        <li>
          Tap <strong>Share</strong> (the square with an arrow pointing up).
        </li>
        <li>
          Choose <strong>Add to Home Screen</strong>, then tap <strong>Add</strong>.
        </li>
      </ol>
    </div>
  );
  const android = (
    <div key="android">
      <h3 className="welcome-subheading">On Android</h3>
      <ol className="welcome-steps">
        <li>Open the journal in Chrome.</li>
        <li>
          Tap the <strong>Menu</strong> (the three dots at the top right).
        </li>
        <li>
          Choose <strong>Install app</strong> or <strong>Add to Home screen</strong>, then confirm.
        </li>
      </ol>
    </div>
  );
  return (
    <>
      <p>
        Keep your journal one tap away: from your phone&apos;s home screen it opens like an app, and you can write even
        without a connection.
      </p>
      {prompt && (
        <div className="welcome-install">
          <Button
            variant="secondary"
            disabled={offline}
            onClick={() =>
              void installPromptStore.show().then((outcome) => {
                if (outcome === 'accepted') setAnswer('Installing. Look for the journal on your home screen.');
                else if (outcome === 'dismissed') setAnswer('No matter: the steps below work any time.');
              })
            }
          >
            Install the app
          </Button>
        </div>
      )}
      {answer && (
        <p className="muted" role="status">
          {answer}
        </p>
      )}
      {platform === 'android' ? [android, ios] : [ios, android]}
    </>
  );
}

const STEPS: { title: string; body: (reminder: ReactNode) => ReactNode }[] = [
  { title: 'Welcome to your journal', body: () => <PromptsStep /> },
  {
    title: 'A gentle reminder',
    body: (reminder) => (
      <>
        <p>
          A short reminder at a time of your day, by email or as a notification on this device, with the quote of the
          day, sent only on days you have not written yet. Choose the time now, or later in Settings, where you can
          also pick the days.
        </p>
        {reminder}
      </>
    ),
  },
  { title: 'On your home screen', body: () => <InstallStep /> },
];

/**
 * The welcome after the first sign-in (docs/product.md §4): three steps (the prompts and why, a reminder, the app on
 * the home screen) in a panel above the journal, which stays usable around it; it can be skipped at any step.
 * `reminder` is the reminder step's form, which the reminders feature draws.
 */
export function WelcomePanel({ onEnd, reminder }: { onEnd: (end: WelcomeEnd) => void; reminder: ReactNode }) {
  const [step, setStep] = useState(0);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // A step's heading takes the focus when Next or Back brings it, so that the new step is read from its start.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);
  const last = step === STEPS.length - 1;
  const current = STEPS[step] ?? STEPS[0];
  if (!current) return null;
  function go(to: number) {
    moved.current = true;
    setStep(to);
  }
  return (
    <section className="card welcome-panel" aria-labelledby={headingId}>
      <p className="welcome-progress">
        Welcome · step {step + 1} of {STEPS.length}
      </p>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {current.title}
      </h2>
      <div className="welcome-body">{current.body(reminder)}</div>
      <div className="welcome-actions">
        {last ? (
          <Button onClick={() => onEnd('completed')}>Start writing</Button>
        ) : (
          <Button onClick={() => go(step + 1)}>Next</Button>
        )}
        {step > 0 && (
          <Button variant="secondary" onClick={() => go(step - 1)}>
            Back
          </Button>
        )}
        {!last && (
          <Button variant="ghost" className="welcome-skip" onClick={() => onEnd('skipped')}>
            Skip the welcome
          </Button>
        )}
      </div>
    </section>
  );
}
