import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Insights, MoodAverage, Streak } from '../../../../shared/insights';
import { isMood, MOOD_WORDS } from '../../../../shared/mood';
import { gratitudeWordSearchPath, insightsPath, journalDayPath, paths } from '../../../lib/paths';
import { todayKey } from '../../../lib/today';
import { usePageTitle } from '../../../lib/use-page-title';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { useInsights } from '../api';
import { type Bar, BarChart } from './BarChart';
import '../../../styles/mood.css';
import '../../../styles/insights.css';

/** Fewer entries than this in the whole journal, and the screen encourages rather than charts. */
export const FEW_ENTRIES = 3;

export const INSIGHTS_TEXT = {
  title: 'Insights',
  fewTitle: 'Your insights grow with your journal',
  few: 'After a few entries, this page shows your streaks, the months and times you write most, how your days felt and the words you are most grateful for. Every entry counts, even a short one.',
  write: 'Write today’s entry',
  noneInYear: (year: number) => `No entries in ${year}. Choose another year, or the whole journal.`,
  loadFailed: 'Your insights could not be loaded.',
} as const;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Parts of the day by the hour on the writer's clock: [name, first hour, hour after the last]. */
const DAY_PARTS: [string, number, number][] = [
  ['Night', 0, 5],
  ['Morning', 5, 12],
  ['Afternoon', 12, 17],
  ['Evening', 17, 24],
];

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function dayText(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

function monthText(month: string, style: 'long' | 'short' | 'narrow' = 'long', withYear = true): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: style,
    ...(withYear ? { year: 'numeric' } : {}),
  });
}

function streakText(streak: Streak | null): string {
  if (!streak) return 'None yet';
  const days = plural(streak.days, 'day');
  return streak.days === 1 ? `${days}, ${dayText(streak.first)}` : `${days}, ${dayText(streak.first)} to ${dayText(streak.last)}`;
}

/** "Good (3.8)": the word of the nearest mood, and the average. */
export function moodText(mood: number): string {
  const nearest = Math.min(5, Math.max(1, Math.round(mood)));
  return `${isMood(nearest) ? MOOD_WORDS[nearest] : ''} (${mood.toFixed(1)})`;
}

const moodFill = (average: number) => `var(--mood-${Math.min(5, Math.max(1, Math.round(average)))})`;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section className="card insights-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="insights-heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Streaks({ figures }: { figures: Insights }) {
  const { streaks } = figures;
  return (
    <Section title="Streaks">
      <dl className="insights-figures">
        <div>
          <dt>Current streak</dt>
          <dd>{plural(streaks.current, 'day')}</dd>
        </div>
        <div>
          <dt>Longest streak</dt>
          <dd>{streakText(streaks.longest)}</dd>
        </div>
        <div>
          <dt>Longest in {streaks.streakYear}</dt>
          <dd>{streakText(streaks.longestInYear)}</dd>
        </div>
      </dl>
    </Section>
  );
}

/** "most in March 2026 (12)", the first of equals; `words` say the "in March 2026" part. */
function mostText<T>(items: readonly T[], count: (item: T) => number, words: (item: T) => string): string {
  let best: T | undefined;
  for (const item of items) if (count(item) > 0 && (!best || count(item) > count(best))) best = item;
  return best ? `most ${words(best)} (${count(best)})` : 'none yet';
}

/** "in the morning", "at night". */
const partWords = (name: string) => (name.startsWith('Night') ? 'at night' : `in the ${name.split(' ')[0]?.toLowerCase() ?? ''}`);

function HowOften({ figures }: { figures: Insights }) {
  const months: Bar[] = figures.months.map((month) => ({
    label: monthText(month.month, 'narrow', false),
    name: monthText(month.month),
    value: month.entries,
  }));
  const first = figures.months[0];
  const last = figures.months.at(-1);
  const monthTotal = figures.months.reduce((sum, month) => sum + month.entries, 0);
  const weekdays: Bar[] = figures.weekdays.map((count, day) => ({
    label: (WEEKDAYS[day] ?? '').slice(0, 2),
    name: WEEKDAYS[day] ?? '',
    value: count,
  }));
  const parts: Bar[] = DAY_PARTS.map(([name, from, to]) => ({
    label: name,
    name: `${name} (${from}:00 to ${to}:00)`,
    value: figures.hours.slice(from, to).reduce((sum, count) => sum + count, 0),
  }));
  return (
    <Section title="How often you write">
      <p className="insights-lead">
        {plural(figures.entries, 'entry', 'entries')} on {plural(figures.daysWritten, 'day')}
        {figures.year === null ? ' in all' : ` in ${figures.year}`}.
      </p>
      <div className="insights-charts">
        <BarChart
          bars={months}
          caption={`Entries per month, ${first ? monthText(first.month) : ''} to ${last ? monthText(last.month) : ''}: ${monthTotal} in all, ${mostText(figures.months, (month) => month.entries, (month) => `in ${monthText(month.month)}`)}.`}
          valueHeading="Entries"
        />
        <BarChart
          bars={weekdays}
          caption={`Entries by day of the week: ${mostText(weekdays, (bar) => bar.value, (bar) => `on ${bar.name}s`)}.`}
          valueHeading="Entries"
        />
        <BarChart
          bars={parts}
          caption={`Entries by time of day, on your clock when you wrote: ${mostText(parts, (bar) => bar.value, (bar) => partWords(bar.name))}${figures.timeUnknown > 0 ? `; ${plural(figures.timeUnknown, 'entry', 'entries')} without a time` : ''}.`}
          valueHeading="Entries"
        />
      </div>
    </Section>
  );
}

function averageText(average: MoodAverage | null): string {
  return average ? `${moodText(average.average)}, over ${plural(average.entries, 'entry', 'entries')}` : 'no moods yet';
}

function Moods({ figures }: { figures: Insights }) {
  const { mood } = figures;
  const months: Bar[] = mood.months.map((month) => ({
    label: monthText(month.month, 'narrow', false),
    name: monthText(month.month),
    value: month.average ?? 0,
    valueText: month.average === null ? 'No mood chosen' : moodText(month.average),
    fill: month.average === null ? undefined : moodFill(month.average),
  }));
  return (
    <Section title="How your days felt">
      {mood.overall ? (
        <>
          <p className="insights-lead">Average mood: {averageText(mood.overall)}.</p>
          <BarChart bars={months} max={5} caption="Average mood per month, from 1 (Rough) to 5 (Great)." valueHeading="Mood" />
          <dl className="insights-figures">
            <div>
              <dt>After a day you wrote</dt>
              <dd>{averageText(mood.afterWrittenDay)}</dd>
            </div>
            <div>
              <dt>After a day without an entry</dt>
              <dd>{averageText(mood.afterEmptyDay)}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="muted">Choose how a day felt when you write, and your moods will show here.</p>
      )}
      <p>
        <Link to={`${paths.journal}?view=year&year=${figures.year ?? Number(figures.today.slice(0, 4))}`}>
          Your year at a glance
        </Link>
      </p>
    </Section>
  );
}

function Words({ figures }: { figures: Insights }) {
  return (
    <Section title="What fills your journal">
      {figures.words.length > 0 ? (
        <>
          <p className="insights-lead">The words you are grateful for most often:</p>
          <ol className="insights-words">
            {figures.words.map((word) => (
              <li key={word.word}>
                <Link to={gratitudeWordSearchPath(word.word)} dir="auto">
                  {word.word}
                </Link>{' '}
                <span className="muted">({plural(word.entries, 'entry', 'entries')})</span>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="muted">Your most frequent words will show once your gratitudes have a few.</p>
      )}
      <dl className="insights-figures">
        <div>
          <dt>Words written</dt>
          <dd>{figures.wordsWritten.toLocaleString('en-US')}</dd>
        </div>
        {figures.firstEntry && (
          <div>
            <dt>Your first entry</dt>
            <dd>
              <Link to={journalDayPath(figures.firstEntry.day)}>{dayText(figures.firstEntry.day)}</Link>
            </dd>
          </div>
        )}
      </dl>
    </Section>
  );
}

function FewEntries() {
  return (
    <section className="card insights-few" aria-labelledby="insights-few">
      <h2 id="insights-few" className="insights-heading">
        {INSIGHTS_TEXT.fewTitle}
      </h2>
      <p>{INSIGHTS_TEXT.few}</p>
      <Link to={paths.writeToday} className="btn btn-primary">
        {INSIGHTS_TEXT.write}
      </Link>
    </section>
  );
}

/** The year the address asks for, from 1900 to this one; anything else shows the whole journal. */
function readYear(params: URLSearchParams, thisYear: number): number | undefined {
  const year = params.get('year') ?? '';
  return /^\d{4}$/.test(year) && Number(year) >= 1900 && Number(year) <= thisYear ? Number(year) : undefined;
}

/**
 * /insights (docs/product.md, "Insights"): streaks, how often, moods and words, for the whole journal or one year.
 * A journal of fewer than FEW_ENTRIES entries gets encouragement instead of empty charts.
 */
export function InsightsPage() {
  usePageTitle(INSIGHTS_TEXT.title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const today = todayKey();
  const thisYear = Number(today.slice(0, 4));
  const year = readYear(params, thisYear);
  const query = useInsights(today, year);
  const figures = query.data;
  const firstYear = Number(figures?.firstEntry?.day.slice(0, 4) ?? thisYear);
  const years = Array.from({ length: Math.max(1, thisYear - Math.min(firstYear, year ?? thisYear) + 1) }, (_, n) => thisYear - n);
  const chooserId = useId();
  const small = figures !== undefined && figures.year === null && figures.entries < FEW_ENTRIES;

  return (
    <div className="page insights-page">
      <Link to={paths.journal} className="back-link">
        <span aria-hidden="true">←</span> Back to Journal
      </Link>
      <div className="page-heading insights-top">
        <h1>{INSIGHTS_TEXT.title}</h1>
        {!small && (
          <div className="insights-chooser">
            <label className="field-label" htmlFor={chooserId}>
              Show
            </label>
            <select
              id={chooserId}
              className="field-input"
              value={year === undefined ? 'all' : String(year)}
              onChange={(event) => {
                const value = event.target.value;
                void navigate(insightsPath(value === 'all' ? undefined : Number(value)), { replace: true });
              }}
            >
              <option value="all">Whole journal</option>
              {years.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {!figures && !query.isError ? (
        <p role="status" className="loading-pulse">
          Loading your insights...
        </p>
      ) : !figures ? (
        <Notice tone="error">
          <p>{INSIGHTS_TEXT.loadFailed}</p>
          <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </Notice>
      ) : small ? (
        <FewEntries />
      ) : figures.entries === 0 && figures.year !== null ? (
        <>
          <Streaks figures={figures} />
          <p className="card insights-section">{INSIGHTS_TEXT.noneInYear(figures.year)}</p>
        </>
      ) : (
        <>
          <Streaks figures={figures} />
          <HowOften figures={figures} />
          <Moods figures={figures} />
          <Words figures={figures} />
        </>
      )}
    </div>
  );
}
