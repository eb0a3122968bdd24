import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { journalDayPath } from '../../app/paths';
import { todayKey } from '../../lib/today';
import { usePageTitle } from '../../lib/use-page-title';
import '../../styles/journal.css';
import { BreathingStep } from './BreathingStep';
import { EntryForm } from './EntryForm';
import { JournalList } from './JournalList';
import { journalPath, readJournalLocation, type JournalLocation } from './journal-view';
import { WelcomeStep } from './WelcomeStep';

type Step = 'list' | 'welcome' | 'breathing' | 'form';

interface StepState {
  step: Step;
  /** The history entry the step was chosen on: any navigation (the brand link, Back) returns to the list. */
  locationKey: string;
  /** Whether the list, when shown again, should take focus (it was left for another step). */
  returning: boolean;
}

const STEP_TITLES: Record<Step, string> = {
  list: 'Journal',
  welcome: 'Prepare Your Mind',
  breathing: 'Breathing Exercise',
  form: "Today's Reflection",
};

/** /journal: the list, and the way to a new entry through welcome, breathing and the form (SPEC §4). */
export function JournalPage() {
  const routerLocation = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [state, setState] = useState<StepState>({ step: 'list', locationKey: routerLocation.key, returning: false });
  const step = state.locationKey === routerLocation.key ? state.step : 'list';
  const today = todayKey();
  const location = readJournalLocation(searchParams, today);
  usePageTitle(STEP_TITLES[step]);
  // Each step is a screen of its own, so it opens at its top, as a new page does (ScrollToTop): the list may have
  // been scrolled, and the welcome's heading or the form's first prompt would open out of sight.
  const shownStep = useRef(step);
  useLayoutEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo(0, 0);
  }, [step]);

  const goTo = (next: Step) =>
    setState({ step: next, locationKey: routerLocation.key, returning: next === 'list' });

  function showList(target: JournalLocation) {
    navigate(journalPath(target));
  }

  function afterSave() {
    // The new entry belongs to today: show today's list, whichever day or month was open before.
    setState({ step: 'list', locationKey: routerLocation.key, returning: true });
    const target = journalDayPath(todayKey());
    navigate(target, { replace: `${routerLocation.pathname}${routerLocation.search}` === target });
  }

  switch (step) {
    case 'welcome':
      return (
        <div className="page journal-page journal-step">
          <WelcomeStep onStart={() => goTo('breathing')} onSkip={() => goTo('form')} onBack={() => goTo('list')} />
        </div>
      );
    case 'breathing':
      return (
        <div className="page journal-page journal-step">
          <BreathingStep onComplete={() => goTo('form')} onSkip={() => goTo('form')} />
        </div>
      );
    case 'form':
      return (
        <div className="page journal-page journal-step">
          <EntryForm onSaved={afterSave} onLeave={() => goTo('list')} />
        </div>
      );
    default:
      return (
        <div className="page journal-page">
          <JournalList
            location={location}
            today={today}
            onNavigate={showList}
            onAddEntry={() => goTo('welcome')}
            focusHeading={state.returning}
          />
        </div>
      );
  }
}
