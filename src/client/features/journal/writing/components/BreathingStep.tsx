import { useEffect, useEffectEvent, useState, type CSSProperties } from 'react';
import { BREATHING_FADE_MS, BREATHING_ROUNDS, BREATHING_TICK_MS } from '../../../../lib/constants';
import { useFocusOnMount } from '../../../../lib/use-focus-on-mount';
import { Button } from '../../../../ui/Button';
import { BREATHING_TOTAL_MS, breathingMomentAt } from '../breathing';

/**
 * Counts the guide's time in fixed ticks (docs/product.md §4: progress every 100 ms) and, once the last hold is over,
 * waits for the fade before calling onComplete.
 */
function useBreathingClock(onComplete: () => void): number {
  const [elapsed, setElapsed] = useState(0);
  const complete = elapsed >= BREATHING_TOTAL_MS;
  const finish = useEffectEvent(onComplete);

  useEffect(() => {
    if (complete) return;
    const timer = window.setInterval(
      () => setElapsed((ms) => Math.min(ms + BREATHING_TICK_MS, BREATHING_TOTAL_MS)),
      BREATHING_TICK_MS,
    );
    return () => window.clearInterval(timer);
  }, [complete]);

  useEffect(() => {
    if (!complete) return;
    const timer = window.setTimeout(() => finish(), BREATHING_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [complete]);

  return elapsed;
}

/** The guided box breathing: a circle that grows, rests and shrinks with the breath, three rounds. */
export function BreathingStep({ onComplete, onSkip }: { onComplete: () => void; onSkip: () => void }) {
  const elapsed = useBreathingClock(onComplete);
  const moment = breathingMomentAt(elapsed);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const roundText = `Round ${moment.round} of ${BREATHING_ROUNDS}`;
  // Filled after the first tick, so the first phase is announced too; after that it changes once per phase.
  const announcement = elapsed > 0 ? `${moment.phase}, round ${moment.round} of ${BREATHING_ROUNDS}` : '';
  const style: CSSProperties & Record<`--${string}`, number | string> = {
    '--breath-scale': moment.scale,
    '--fade-ms': `${BREATHING_FADE_MS}ms`,
  };

  return (
    <section
      className={`breathing-step${moment.complete ? ' is-fading' : ''}`}
      style={style}
      aria-labelledby="breathing-heading"
    >
      <h1 id="breathing-heading" ref={headingRef} tabIndex={-1} className="visually-hidden">
        Box Breathing
      </h1>
      <p className="breathing-round">{roundText}</p>
      <div className="breathing-stage" aria-hidden="true">
        <div className="breathing-ring" />
        <div className="breathing-circle" />
        <p className={`breathing-phase phase-${moment.phaseIndex}`}>{moment.phase}</p>
      </div>
      <p className="breathing-caption">Follow the circle&apos;s rhythm</p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <Button variant="ghost" onClick={onSkip}>
        Skip
      </Button>
    </section>
  );
}
