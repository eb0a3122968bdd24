import { useQueryClient } from '@tanstack/react-query';
import { Suspense, use, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isDayKey } from '../../../../shared/dates';
import { foldTag, isTagName } from '../../../../shared/tags';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { journalDayPath } from '../../../lib/paths';
import { todayKey } from '../../../lib/today';
import { usePageTitle } from '../../../lib/use-page-title';
import '../../../styles/journal.css';
import { quotesKnown, useQuotes } from '../api';
import { JournalList } from '../list/components/JournalList';
import { journalPath, readJournalLocation, readYearView, yearViewPath, type JournalLocation } from '../list/journal-view';
import { readSearchLocation } from '../search/search-view';
import { reflectionTitle } from '../writing/reflection-title';

/**
 * What the journal shows besides the list (the writing steps, a search, the year at a glance) loads apart from it:
 * the journal opens with the list's code alone, and the rest follows once the browser is idle.
 */
const welcome = lazyWithPreload(() => import('../writing/components/WelcomeStep').then((module) => module.WelcomeStep));
const breathing = lazyWithPreload(() =>
  import('../writing/components/BreathingStep').then((module) => module.BreathingStep),
);
const form = lazyWithPreload(() => import('../writing/components/EntryForm').then((module) => module.EntryForm));
const searchResults = lazyWithPreload(() =>
  import('../search/components/SearchResults').then((module) => module.SearchResults),
);
const taggedEntries = lazyWithPreload(() =>
  import('../tags/components/TaggedEntries').then((module) => module.TaggedEntries),
);
const yearAtAGlance = lazyWithPreload(() =>
  import('../calendar/components/YearAtAGlance').then((module) => module.YearAtAGlance),
);
const WelcomeStep = welcome.Component;
const BreathingStep = breathing.Component;
const EntryForm = form.Component;
const SearchResults = searchResults.Component;
const YearAtAGlance = yearAtAGlance.Component;
const TaggedEntries = taggedEntries.Component;

/**
 * Loads the code of the journal's other screens, once the browser has nothing else to do. One opened before then shows
 * its page, empty, until its code is here (a Suspense boundary of its own, so the list's frame does not come back).
 */
function usePreloadOtherScreens() {
  useEffect(() => {
    const preload = () => {
      for (const part of [welcome, breathing, form, searchResults, yearAtAGlance, taggedEntries]) void part.preload().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(preload, 1000);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(preload, { timeout: 5000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
}

type Step = 'list' | 'welcome' | 'breathing' | 'form';
type WritingStep = Exclude<Step, 'list'>;

const WRITING_STEPS: readonly string[] = ['welcome', 'breathing', 'form'] satisfies WritingStep[];

/**
 * The writing steps live in the history entry's state, on the list's own URL: opening them adds one entry, moving
 * between them replaces it, so the browser's Back (or a phone's back gesture) returns to the list from any step,
 * and any other navigation (the brand link, a day) shows the list.
 */
function stepOf(state: unknown): Step {
  const step = (state as { journalStep?: unknown } | null)?.journalStep;
  return typeof step === 'string' && WRITING_STEPS.includes(step) ? (step as WritingStep) : 'list';
}

/** The earlier day the form writes for, when it was opened from that day's list (past days); none for today. */
function entryDayOf(state: unknown, today: string): string | undefined {
  const day = (state as { entryDay?: unknown } | null)?.entryDay;
  return typeof day === 'string' && isDayKey(day) && day < today ? day : undefined;
}

const STEP_TITLES: Record<Step, string> = {
  list: 'Journal',
  welcome: 'Prepare Your Mind',
  breathing: 'Breathing Exercise',
  form: "Today's Reflection",
};

/**
 * How long a first visit's journal waits for the day's quote, keeping its frame on screen: the quotes are a small
 * file, from the service worker or the server, and a journal that never came because of them would be worse than one
 * that moves.
 */
const QUOTE_WAIT_MS = 1000;

/**
 * /journal: the list, and the way to a new entry through welcome, breathing and the form (docs/product.md §4).
 * It is drawn once the quotes are known (kept on the device after the first visit, so at once from then on): the day's
 * quote stands above the button and the entries, and drawn before it arrived it would push them down as the writer
 * looked at them. Until then, or QUOTE_WAIT_MS at most, it suspends: the frame already on screen stays (the router
 * keeps the session check's frame while what is behind it suspends), or the route's fallback frame shows.
 */
export function JournalPage() {
  const quotes = useQuotes();
  const client = useQueryClient();
  // Decided as the journal opens, and kept: a journal on screen never goes back to waiting, even when its quotes
  // leave the cache (a sign-out empties it while the journal is still shown).
  const [firstWait] = useState(() => (quotes.isPending ? quotesKnown(client, QUOTE_WAIT_MS) : null));
  if (firstWait) use(firstWait);
  usePreloadOtherScreens();
  return <JournalScreens />;
}

function JournalScreens() {
  const routerLocation = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const step = stepOf(routerLocation.state);
  // Whether the list, when shown again, should take focus: it was left for a step. State derived from the step
  // shown before, as React allows.
  const [shown, setShown] = useState<{ step: Step; returning: boolean }>({ step, returning: false });
  if (shown.step !== step) setShown({ step, returning: step === 'list' });
  const today = todayKey();
  const entryDay = step === 'form' ? entryDayOf(routerLocation.state, today) : undefined;
  const location = readJournalLocation(searchParams, today);
  // The year at a glance (docs/product.md §16) is a view of the list's own URL, opened from the stats' details.
  const year = readYearView(searchParams, today);
  // A search (docs/product.md §17) is a view of the list's own URL too, /journal?q=...
  const search = readSearchLocation(searchParams);
  // The journal filtered by a tag (docs/product.md §5), /journal?tag=family; a tag that is no tag's name is ignored.
  const tagParam = searchParams.get('tag');
  const folded = tagParam === null ? undefined : foldTag(tagParam);
  const tag = folded !== undefined && isTagName(folded) ? folded : undefined;
  usePageTitle(
    step === 'list' && search
      ? 'Search'
      : step === 'list' && tag !== undefined
        ? `#${tag}`
      : step === 'list' && year !== undefined
        ? `${year} at a glance`
        : step === 'form'
          ? reflectionTitle(entryDay, today)
          : STEP_TITLES[step],
  );
  // Each step is a screen of its own, so it opens at its top, as a new page does (ScrollToTop): the list may have
  // been scrolled, and the welcome's heading or the form's first prompt would open out of sight.
  const shownStep = useRef(step);
  useLayoutEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo(0, 0);
  }, [step]);

  const here = `${routerLocation.pathname}${routerLocation.search}`;
  /** From the list, a new history entry; from one step to the next, the same entry. */
  const goTo = (next: WritingStep) => navigate(here, { state: { journalStep: next }, replace: step !== 'list' });
  /** An earlier day's entry (past days) is written in the form straight away, from that day's list. */
  const writeFor = (day: string) => navigate(here, { state: { journalStep: 'form', entryDay: day } });
  /** Back to the list the steps were opened from: the history entry before the steps'. */
  const backToList = () => navigate(-1);

  function showList(target: JournalLocation) {
    navigate(journalPath(target));
  }

  function afterSave() {
    // An earlier day's entry: back to that day's list, which it was written from.
    if (entryDay) {
      backToList();
      return;
    }
    // The new entry belongs to today: show today's list, whichever day or month was open before. When that was
    // today's list, the steps' entry is simply left; otherwise it becomes today's list.
    const day = todayKey();
    if (location.view === 'day' && location.date === day) backToList();
    else navigate(journalDayPath(day), { replace: true });
  }

  switch (step) {
    case 'welcome':
      return (
        <div className="page journal-page journal-step">
          <Suspense fallback={null}>
            <WelcomeStep onStart={() => goTo('breathing')} onSkip={() => goTo('form')} onBack={backToList} />
          </Suspense>
        </div>
      );
    case 'breathing':
      return (
        <div className="page journal-page journal-step">
          <Suspense fallback={null}>
            <BreathingStep onComplete={() => goTo('form')} onSkip={() => goTo('form')} />
          </Suspense>
        </div>
      );
    case 'form':
      return (
        <div className="page journal-page journal-step">
          <Suspense fallback={null}>
            <EntryForm key={entryDay ?? today} day={entryDay} onSaved={afterSave} onLeave={backToList} />
          </Suspense>
        </div>
      );
    default:
      if (search) {
        return (
          <div className="page journal-page">
            <Suspense fallback={null}>
              <SearchResults search={search} />
            </Suspense>
          </div>
        );
      }
      if (tag !== undefined) {
        return (
          <div className="page journal-page">
            <Suspense fallback={null}>
              <TaggedEntries key={tag} tag={tag} />
            </Suspense>
          </div>
        );
      }
      if (year !== undefined) {
        return (
          <div className="page journal-page">
            <Suspense fallback={null}>
              <YearAtAGlance key={year} year={year} today={today} onYear={(next) => navigate(yearViewPath(next))} />
            </Suspense>
          </div>
        );
      }
      return (
        <div className="page journal-page">
          <JournalList
            location={location}
            today={today}
            onNavigate={showList}
            onAddEntry={() => goTo('welcome')}
            onAddEntryFor={writeFor}
            focusHeading={shown.returning}
          />
        </div>
      );
  }
}
