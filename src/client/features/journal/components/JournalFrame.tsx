import { todayKey } from '../../../lib/today';
import { useDeviceValue } from '../../../lib/use-device-value';
import { Chevron, SearchIcon } from '../../../ui/Icon';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { WIDE_SCREEN, formatDayHeading } from '../list/day-heading';
import { LoadingStats } from '../stats/components/LoadingStats';
import '../../../styles/journal.css';
import '../../../styles/search.css';

function todaysHeading(): string {
  const wide = typeof window.matchMedia === 'function' && window.matchMedia(WIDE_SCREEN).matches;
  return formatDayHeading(todayKey(), wide ? 'long' : 'short');
}

/**
 * The journal's frame: today's date, the controls, the stats panel loading and the pulsing Loading... of a session
 * being read, laid out as the list lays them out.
 * It is what the journal's address shows before anything is known (the page as built, while the session and the
 * journal's code load), so the journal appears in place instead of after a blank page. Its controls are inert
 * until the journal itself replaces them.
 */
export function JournalFrame() {
  // The page made ahead of time cannot know the day; the device fills it in as soon as it runs.
  const heading = useDeviceValue(todaysHeading, '');
  return (
    <div className="page journal-page">
      <div className="journal-list" aria-busy="true">
        <div className="journal-header">
          <div className="date-nav">
            <button type="button" className="icon-button" aria-label="Previous day" inert>
              <Chevron direction="left" />
            </button>
            <h1 className="journal-date">{heading || '\u00a0'}</h1>
            <span className="icon-button-spacer" aria-hidden="true" />
          </div>
          <div className="journal-controls" inert>
            <div className="segmented">
              <button type="button" className="segment" aria-pressed="true">
                Day
              </button>
              <button type="button" className="segment" aria-pressed="false">
                Month
              </button>
            </div>
          </div>
          <div className="search-field" inert>
            <span className="search-field-icon">
              <SearchIcon />
            </span>
            <input
              className="field-input search-field-input"
              type="search"
              aria-label="Search your journal"
              placeholder="Search your journal"
              readOnly
            />
          </div>
        </div>
        <section className="card stats-panel" aria-label="Your journal statistics">
          <LoadingStats />
        </section>
        <LoadingScreen />
      </div>
    </div>
  );
}
