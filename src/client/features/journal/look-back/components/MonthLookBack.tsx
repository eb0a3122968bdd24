import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { MonthLookBack as MonthFigures } from '../../../../../shared/insights';
import { isMood, MOOD_WORDS } from '../../../../../shared/mood';
import { gratitudeWordSearchPath, paths } from '../../../../lib/paths';
import { Button } from '../../../../ui/Button';
import { monthLookBackApi, monthLookBackKeys, useMonthLookBack } from '../api';
import { LookBackEntry } from './LookBackEntry';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "Your October": the month's name alone. */
export function monthLookBackTitle(month: string): string {
  const name = new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long' });
  return `Your ${name}`;
}

function summary(figures: MonthFigures): string {
  const streak = figures.longestStreak;
  const parts = [`${plural(figures.entries, 'entry', 'entries')} on ${plural(figures.daysWritten, 'day')}`];
  if (streak && streak.days > 1) parts.push(`a longest streak of ${streak.days} days`);
  return `${parts.join(', ')}.`;
}

function moodLine(figures: MonthFigures): string | null {
  if (!figures.mood) return null;
  const nearest = Math.round(figures.mood.average);
  return `Your days felt ${isMood(nearest) ? MOOD_WORDS[nearest] : ''} (${figures.mood.average.toFixed(1)}) on average.`;
}

/**
 * The monthly look back (docs/product.md, "Insights"), above looking back on today's list in the first days of a
 * month: last month's counts, streak, mood, words and three of its entries from parts of it far apart. Dismissed,
 * it goes for that month on every device.
 */
export function MonthLookBack({ today, listDrawn }: { today: string; listDrawn: boolean }) {
  // Asked for at once, shown once today's list above it is drawn.
  const query = useMonthLookBack(today);
  const queryClient = useQueryClient();
  const [dismissing, setDismissing] = useState(false);
  const headingId = useId();
  const figures = query.data?.lookBack;
  if (!figures || !listDrawn) return null;
  const title = monthLookBackTitle(figures.month);
  const mood = moodLine(figures);

  async function dismiss(month: string) {
    setDismissing(true);
    try {
      await monthLookBackApi.dismiss(month);
    } catch {
      // Offline or refused: put away on this screen; it is offered again on the next visit until the server hears.
    }
    queryClient.setQueryData(monthLookBackKeys.of(today), { lookBack: null });
    setDismissing(false);
  }

  return (
    <section className="card look-back month-look-back" aria-labelledby={headingId}>
      <div className="gratitude-jar-header">
        <h2 id={headingId} className="look-back-title">
          {title}
        </h2>
        <Button
          variant="secondary"
          className="btn-small"
          busy={dismissing}
          aria-label={`Dismiss ${title}`}
          onClick={() => void dismiss(figures.month)}
        >
          Dismiss
        </Button>
      </div>
      <p className="month-look-back-summary">{summary(figures)}</p>
      {mood && <p className="month-look-back-summary">{mood}</p>}
      {figures.words.length > 0 && (
        <p className="month-look-back-summary">
          Grateful most often for:{' '}
          {figures.words.map((word, index) => (
            <span key={word.word}>
              {index > 0 && ', '}
              <Link to={gratitudeWordSearchPath(word.word)} dir="auto">
                {word.word}
              </Link>
            </span>
          ))}
        </p>
      )}
      {figures.picks.map((entry) => (
        <LookBackEntry key={entry.id} entry={entry} quote />
      ))}
      <p className="month-look-back-summary">
        <Link to={paths.insights}>More in Insights</Link>
      </p>
    </section>
  );
}
