import type { Ref } from 'react';
import { useNavigate } from 'react-router';
import { useMediaQuery } from '../../../../lib/use-media-query';
import { Button } from '../../../../ui/Button';
import { Chevron } from '../../../../ui/Icon';
import { SearchField } from '../../search/components/SearchField';
import type { SearchNavigationState } from '../../search/components/SearchResults';
import { NEW_SEARCH, searchPath } from '../../search/search-view';
import { WIDE_SCREEN } from '../day-heading';
import {
  formatDayHeading,
  formatMonthHeading,
  hasNextPeriod,
  isCurrentPeriod,
  stepPeriod,
  type JournalLocation,
  type JournalView,
} from '../journal-view';

export interface ListHeaderProps {
  location: JournalLocation;
  today: string;
  onNavigate: (next: JournalLocation) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The date shown (the page's one h1), the arrows either side of it, the day/month toggle, 'Go to Today', and the
 * search box, whose typing opens the search screen (docs/product.md §17).
 */
export function ListHeader({ location, today, onNavigate, headingRef }: ListHeaderProps) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const navigate = useNavigate();
  const openSearch = (q: string) => {
    if (!q.trim()) return;
    const state: SearchNavigationState = { focusSearch: true, fromList: true };
    void navigate(searchPath({ ...NEW_SEARCH, q }), { state });
  };
  const unit = location.view === 'month' ? 'month' : 'day';
  const heading =
    location.view === 'month'
      ? formatMonthHeading(location.date)
      : formatDayHeading(location.date, wide ? 'long' : 'short');

  const viewButton = (view: JournalView, label: string) => (
    <button
      type="button"
      className="segment"
      aria-pressed={location.view === view}
      onClick={() => {
        if (location.view !== view) onNavigate({ view, date: location.date });
      }}
    >
      {label}
    </button>
  );

  return (
    <div className="journal-header">
      <div className="date-nav">
        <button
          type="button"
          className="icon-button"
          aria-label={`Previous ${unit}`}
          onClick={() => onNavigate(stepPeriod(location, -1, today))}
        >
          <Chevron direction="left" />
        </button>
        <h1 ref={headingRef} tabIndex={-1} className="journal-date">
          {heading}
        </h1>
        {hasNextPeriod(location, today) ? (
          <button
            type="button"
            className="icon-button"
            aria-label={`Next ${unit}`}
            onClick={() => onNavigate(stepPeriod(location, 1, today))}
          >
            <Chevron direction="right" />
          </button>
        ) : (
          <span className="icon-button-spacer" aria-hidden="true" />
        )}
      </div>
      <div className="journal-controls">
        <div className="segmented" role="group" aria-label="Journal view">
          {viewButton('day', 'Day')}
          {viewButton('month', 'Month')}
        </div>
        {!isCurrentPeriod(location, today) && (
          <Button
            variant="secondary"
            className="btn-small go-to-today"
            onClick={() => onNavigate({ view: location.view, date: today })}
          >
            Go to Today
          </Button>
        )}
      </div>
      <SearchField query="" onSearch={openSearch} />
    </div>
  );
}
