import { useId } from 'react';
import type { JarPick } from '../../../../../shared/look-back';
import { Button } from '../../../../ui/Button';
import { formatDayHeading } from '../../list/journal-view';
import { LookBackEntry, rememberedLine } from './LookBackEntry';

export const JAR_TITLE = 'From your gratitude jar';
export const ANOTHER_LABEL = 'Another';
export const NO_OTHER_OFFLINE = 'No other gratitude is kept on this device. Try again when you are online.';

/**
 * One earlier gratitude, drawn at random (docs/product.md §15), and "Another" for a different one while the jar holds
 * more than one. A screen reader hears the new one after "Another".
 */
export function GratitudeJar({
  pick,
  drawing,
  note,
  onAnother,
}: {
  pick: JarPick & { entry: NonNullable<JarPick['entry']> };
  drawing: boolean;
  /** A word after "Another" could not find a different one. */
  note: string | null;
  onAnother: () => void;
}) {
  const headingId = useId();
  return (
    <section className="card look-back gratitude-jar" aria-labelledby={headingId}>
      <div className="gratitude-jar-header">
        <h2 id={headingId} className="look-back-title">
          {JAR_TITLE}
        </h2>
        {!pick.single && (
          <Button variant="secondary" className="btn-small" busy={drawing} onClick={onAnother}>
            {ANOTHER_LABEL}
          </Button>
        )}
      </div>
      <LookBackEntry key={pick.entry.id} entry={pick.entry} quote />
      {/* Changes only when "Another" draws: a screen reader then reads the new gratitude and its day. */}
      <p className="visually-hidden" aria-live="polite">
        {rememberedLine(pick.entry)}, {formatDayHeading(pick.entry.localDate, 'long')}
      </p>
      {note && (
        <p className="look-back-note" role="status">
          {note}
        </p>
      )}
    </section>
  );
}
