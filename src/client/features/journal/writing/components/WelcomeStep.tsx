import { BREATHING_PHASE_MS, BREATHING_ROUNDS } from '../../../../lib/constants';
import { useFocusOnMount } from '../../../../lib/use-focus-on-mount';
import { Button } from '../../../../ui/Button';
import { BREATHING_TOTAL_MS } from '../breathing';

const PHASE_SECONDS = BREATHING_PHASE_MS / 1000;

/** 'Prepare Your Mind': an invitation to breathe before writing, which can be skipped. */
export function WelcomeStep({
  onStart,
  onSkip,
  onBack,
}: {
  onStart: () => void;
  onSkip: () => void;
  onBack: () => void;
}) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="card step-card welcome-step" aria-labelledby="welcome-heading">
      <div className="step-icon" aria-hidden="true">
        <span />
      </div>
      <h1 id="welcome-heading" ref={headingRef} tabIndex={-1}>
        Prepare Your Mind
      </h1>
      <p className="lead">
        Before you write, take a moment to arrive. This {BREATHING_TOTAL_MS / 1000}-second breathing activity guides
        you through {BREATHING_ROUNDS} rounds of box breathing: inhale for {PHASE_SECONDS} seconds, hold for{' '}
        {PHASE_SECONDS} seconds, exhale for {PHASE_SECONDS} seconds, then hold again.
      </p>
      <div className="step-actions">
        <Button className="btn-large" onClick={onStart}>
          Start Breathing Exercise
        </Button>
        <Button variant="secondary" className="btn-large" onClick={onSkip}>
          Skip
        </Button>
      </div>
      <Button variant="link" className="step-back" onClick={onBack}>
        Back to journal
      </Button>
    </section>
  );
}
