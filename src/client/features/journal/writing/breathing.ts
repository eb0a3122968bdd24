import { BREATHING_PHASE_MS, BREATHING_ROUNDS } from '../../../lib/constants';

/** One round of box breathing, in order (docs/product.md §4). */
export const BREATHING_PHASES = ['Inhale', 'Hold', 'Exhale', 'Hold'] as const;
export type BreathingPhase = (typeof BREATHING_PHASES)[number];

const ROUND_MS = BREATHING_PHASES.length * BREATHING_PHASE_MS;
export const BREATHING_TOTAL_MS = BREATHING_ROUNDS * ROUND_MS;

/** The circle's size at rest (after exhaling) and when full (after inhaling). */
export const CIRCLE_SCALE_MIN = 0.55;
export const CIRCLE_SCALE_MAX = 1;

export interface BreathingMoment {
  /** 0..3, an index into BREATHING_PHASES. */
  phaseIndex: number;
  phase: BreathingPhase;
  /** 1..BREATHING_ROUNDS. */
  round: number;
  scale: number;
  complete: boolean;
}

/** Where the guide is after `elapsedMs`; past the end it stays on the last hold of the last round. */
export function breathingMomentAt(elapsedMs: number): BreathingMoment {
  const complete = elapsedMs >= BREATHING_TOTAL_MS;
  const t = Math.min(Math.max(elapsedMs, 0), BREATHING_TOTAL_MS - 1);
  const step = Math.floor(t / BREATHING_PHASE_MS);
  const phaseIndex = step % BREATHING_PHASES.length;
  const progress = complete ? 1 : (t % BREATHING_PHASE_MS) / BREATHING_PHASE_MS;
  const range = CIRCLE_SCALE_MAX - CIRCLE_SCALE_MIN;
  const scales = [
    CIRCLE_SCALE_MIN + range * progress,
    CIRCLE_SCALE_MAX,
    CIRCLE_SCALE_MAX - range * progress,
    CIRCLE_SCALE_MIN,
  ];
  return {
    phaseIndex,
    phase: BREATHING_PHASES[phaseIndex] ?? 'Inhale',
    round: Math.floor(t / ROUND_MS) + 1,
    scale: scales[phaseIndex] ?? CIRCLE_SCALE_MIN,
    complete,
  };
}
