import { describe, expect, it } from 'vitest';
import { BREATHING_TOTAL_MS, CIRCLE_SCALE_MAX, CIRCLE_SCALE_MIN, breathingMomentAt } from './breathing';

describe('breathingMomentAt', () => {
  it('lasts 36 seconds: 3 rounds of 4 phases of 3 seconds', () => {
    expect(BREATHING_TOTAL_MS).toBe(36_000);
  });

  it.each([
    [0, 'Inhale', 1],
    [2_900, 'Inhale', 1],
    [3_000, 'Hold', 1],
    [6_000, 'Exhale', 1],
    [9_000, 'Hold', 1],
    [12_000, 'Inhale', 2],
    [24_000, 'Inhale', 3],
    [33_000, 'Hold', 3],
  ])('at %i ms shows %s in round %i', (elapsed, phase, round) => {
    expect(breathingMomentAt(elapsed)).toMatchObject({ phase, round, complete: false });
  });

  it('grows on the inhale, stays full on the hold and shrinks on the exhale', () => {
    expect(breathingMomentAt(0).scale).toBeCloseTo(CIRCLE_SCALE_MIN);
    expect(breathingMomentAt(1_500).scale).toBeCloseTo((CIRCLE_SCALE_MIN + CIRCLE_SCALE_MAX) / 2);
    expect(breathingMomentAt(4_000).scale).toBe(CIRCLE_SCALE_MAX);
    expect(breathingMomentAt(7_500).scale).toBeCloseTo((CIRCLE_SCALE_MIN + CIRCLE_SCALE_MAX) / 2);
    expect(breathingMomentAt(10_000).scale).toBe(CIRCLE_SCALE_MIN);
  });

  it('stays on the last hold of round 3 once complete', () => {
    expect(breathingMomentAt(36_000)).toMatchObject({ phase: 'Hold', round: 3, complete: true });
    expect(breathingMomentAt(50_000)).toMatchObject({ phase: 'Hold', round: 3, complete: true });
  });
});
