/**
 * The stats panel's lines and its loading state, in a module of their own: the journal's frame (JournalFrame) shows
 * the loading state before the journal's code has arrived.
 */

export function monthlyCountText(count: number): string {
  return `${count} ${count === 1 ? 'entry' : 'entries'} this month`;
}

export function streakText(streak: number): string {
  return streak === 0 ? 'No current streak' : `${streak} day streak`;
}

export function Stat({ icon, text }: { icon: string; text: string }) {
  return (
    <p className="stat">
      <span className="stat-icon" aria-hidden="true">
        {icon}
      </span>
      <span>{text}</span>
    </p>
  );
}

/**
 * While the numbers load, the panel already has the size it will most likely have: an invisible copy of the summary,
 * with a regular writer's numbers, holds the space, so nothing below it jumps when the numbers arrive.
 */
export function LoadingStats() {
  return (
    <div className="stats-loading">
      <p role="status" className="stats-message muted">
        Loading statistics...
      </p>
      <div className="stats-summary" aria-hidden="true">
        <Stat icon="✎" text={monthlyCountText(10)} />
        <Stat icon="☀" text={streakText(10)} />
        <span className="btn btn-link stats-toggle">Show more stats</span>
      </div>
    </div>
  );
}
