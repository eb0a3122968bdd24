import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ENTRY_FIELDS, PROMPTS } from '../../../../../shared/entry-fields';
import { SEARCH_MESSAGES } from '../../../../../shared/messages';
import {
  parseSearchQuery,
  SearchQueryError,
  type SearchField as SearchPlace,
  type SearchResult,
  type SearchTerm,
} from '../../../../../shared/search';
import { journalDayPath, paths } from '../../../../lib/paths';
import { useAuth } from '../../../../lib/session/auth-context';
import { Button } from '../../../../ui/Button';
import { Icon } from '../../../../ui/Icon';
import { Notice } from '../../../../ui/Notice';
import { formatDayHeading } from '../../list/journal-view';
import { useSearchResults } from '../api';
import { highlightSegments } from '../highlight';
import { type SearchLocation, searchPath } from '../search-view';
import { SearchField, type SearchFieldHandle } from './SearchField';

/** Set on the navigation that opens the search from the list's box, so the search's own box takes over the typing. */
export interface SearchNavigationState {
  focusSearch?: boolean;
  /** The search was opened from the journal's list: closing it goes back there. */
  fromList?: boolean;
}

/** The terms of a query, or why it cannot be searched for (nothing typed is not a problem, just nothing to do). */
function readTerms(q: string): { terms: SearchTerm[] | null; problem: string | null } {
  try {
    return { terms: parseSearchQuery(q), problem: null };
  } catch (error) {
    if (!(error instanceof SearchQueryError)) throw error;
    const problems = { empty: null, 'too-long': SEARCH_MESSAGES.tooLong, 'too-many-terms': SEARCH_MESSAGES.tooManyTerms };
    return { terms: null, problem: problems[error.problem] };
  }
}

function Snippet({ result }: { result: SearchResult }) {
  return (
    <span className="search-result-snippet">
      {highlightSegments(result.snippet, result.highlights).map((segment, index) =>
        segment.marked ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </span>
  );
}

function ResultItem({ result }: { result: SearchResult }) {
  // An entry of the writer's own prompts names each prompt by the wording it was written with.
  const label = result.prompt === 'answers' ? (result.promptWording ?? '') : PROMPTS[result.prompt];
  const matched = result.prompts.filter((prompt) => prompt !== 'answers').length + (result.promptWordings?.length ?? 0);
  const more = Math.max(0, matched - 1);
  return (
    <li>
      <Link className="search-result card" to={journalDayPath(result.localDate)}>
        <span className="search-result-when">
          <time dateTime={result.localDate}>{formatDayHeading(result.localDate, 'long')}</time>
        </span>
        <span className="search-result-prompt">
          {label}
          {more > 0 && <span className="search-result-more"> and {more === 1 ? '1 more prompt' : `${more} more prompts`}</span>}
        </span>
        <Snippet result={result} />
      </Link>
    </li>
  );
}

/** The prompt filter's choice of the answers to the writer's own prompts. */
const YOUR_PROMPTS_OPTION = 'Your own prompts';

export interface SearchResultsProps {
  search: SearchLocation;
}

/**
 * The search screen, /journal?q=... (docs/product.md §17): the box, the filters (prompt, days, order), and the
 * results a page at a time, each opening its day. Everything it shows follows from the URL.
 */
export function SearchResults({ search }: SearchResultsProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as SearchNavigationState;
  const field = useRef<SearchFieldHandle>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const filtersId = useId();
  const statusId = useId();
  const activeFilters = [search.prompt, search.from, search.to].filter(Boolean).length;
  const [filtersOpen, setFiltersOpen] = useState(activeFilters > 0);
  const { terms, problem } = readTerms(search.q);
  const results = useSearchResults(search, terms !== null);
  const { profile } = useAuth();
  // The writer's own prompts as they are now, each a filter of its own; one searched for before stays offered.
  const ownWordings = [
    ...new Set([
      ...(profile?.prompts.set === 'custom' ? profile.prompts.prompts : []),
      ...(search.wording ? [search.wording] : []),
    ]),
  ];
  const promptValue = search.prompt === 'answers' && search.wording ? `wording:${search.wording}` : (search.prompt ?? '');

  // Opened by typing in the list's box: this box takes over, with the caret after what was typed.
  useLayoutEffect(() => {
    if (state.focusSearch) field.current?.focus();
    // Only when the screen opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** The same search with some of it changed, in place of this one in the history: Back leaves the search. */
  function update(change: Partial<SearchLocation>) {
    void navigate(searchPath({ ...search, ...change }), { replace: true, state: { fromList: state.fromList } });
  }

  function close() {
    if (state.fromList) void navigate(-1);
    else void navigate(paths.journal);
  }

  const pages = results.data?.pages ?? [];
  const found = pages.flatMap((page) => page.results);
  const onDevice = pages[0]?.onDevice ?? false;
  const searched = pages[0]?.searched ?? null;
  const waiting = terms !== null && (results.isPending || (results.isPlaceholderData && results.isFetching));
  const nothingFound = terms !== null && !waiting && !results.isError && found.length === 0;
  // Nothing typed yet, or nothing found: said in the middle of the page rather than as a line above results.
  const quiet = nothingFound || (terms === null && problem === null);

  let status: string;
  if (terms === null) status = problem ?? 'Type a word to search your journal.';
  else if (results.isError) status = '';
  else if (waiting) status = 'Searching…';
  else if (found.length === 0) status = `No entries match “${search.q.trim()}”${activeFilters > 0 ? ' with these filters' : ''}.`;
  else status = `${found.length === 1 ? '1 entry' : `${found.length} entries`} found${results.hasNextPage ? ' so far' : ''}.`;

  return (
    <section className="search-view" aria-labelledby={`${statusId}-heading`}>
      <div className="search-header">
        <div className="search-title">
          <h1 id={`${statusId}-heading`} ref={heading} tabIndex={-1}>
            Search
          </h1>
          <Button variant="secondary" className="btn-small" onClick={close}>
            Close search
          </Button>
        </div>
        <SearchField handle={field} query={search.q} onSearch={(q) => update({ q })} />
        <div className="search-options">
          <button
            type="button"
            className="search-filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
            <Icon>
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" />
            </Icon>
          </button>
          <div className="segmented" role="group" aria-label="Order of results">
            {(['newest', 'best'] as const).map((order) => (
              <button
                key={order}
                type="button"
                className="segment"
                aria-pressed={search.order === order}
                onClick={() => {
                  if (search.order !== order) update({ order });
                }}
              >
                {order === 'newest' ? 'Newest' : 'Best match'}
              </button>
            ))}
          </div>
        </div>
        <div id={filtersId} className="search-filters" hidden={!filtersOpen}>
          <div className="field">
            <label className="field-label" htmlFor={`${filtersId}-prompt`}>
              Prompt
            </label>
            <select
              id={`${filtersId}-prompt`}
              className="field-input"
              value={promptValue}
              onChange={(event) => {
                const value = event.target.value;
                if (value.startsWith('wording:')) update({ prompt: 'answers', wording: value.slice('wording:'.length) });
                else update({ prompt: (value || undefined) as SearchPlace | undefined, wording: undefined });
              }}
            >
              <option value="">Any prompt</option>
              {ENTRY_FIELDS.map((prompt) => (
                <option key={prompt} value={prompt}>
                  {PROMPTS[prompt]}
                </option>
              ))}
              <option value="answers">{YOUR_PROMPTS_OPTION}</option>
              {ownWordings.map((wording) => (
                <option key={wording} value={`wording:${wording}`}>
                  {wording}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${filtersId}-from`}>
              From
            </label>
            <input
              id={`${filtersId}-from`}
              className="field-input"
              type="date"
              value={search.from ?? ''}
              max={search.to}
              onChange={(event) => update({ from: event.target.value || undefined })}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${filtersId}-to`}>
              To
            </label>
            <input
              id={`${filtersId}-to`}
              className="field-input"
              type="date"
              value={search.to ?? ''}
              min={search.from}
              onChange={(event) => update({ to: event.target.value || undefined })}
            />
          </div>
          {activeFilters > 0 && (
            <Button
              variant="ghost"
              className="btn-small search-filters-clear"
              onClick={() => update({ prompt: undefined, wording: undefined, from: undefined, to: undefined })}
            >
              Clear filters
            </Button>
          )}
        </div>
      </div>

      {onDevice && terms !== null && (
        <Notice tone="warning" className="search-offline">
          {SEARCH_MESSAGES.offline}
          {searched !== null && ` ${searched === 1 ? '1 entry was' : `${searched} entries were`} searched.`}
        </Notice>
      )}

      <div className={quiet ? 'empty-state search-empty' : undefined}>
        <p id={statusId} className="search-status" role="status">
          {status}
        </p>
        {nothingFound && (
          <p>{activeFilters > 0 ? 'Try other filters, or clear them.' : 'Try fewer words, or only the beginning of a word.'}</p>
        )}
      </div>

      {results.isError && terms !== null && (
        <Notice tone="error" className="load-error">
          <p>{results.error instanceof Error ? results.error.message : SEARCH_MESSAGES.failed}</p>
          <Button variant="secondary" className="btn-small" busy={results.isFetching} onClick={() => void results.refetch()}>
            Try Again
          </Button>
        </Notice>
      )}

      {terms !== null && found.length > 0 && (
        <ol className={`search-results${waiting ? ' search-results-stale' : ''}`} aria-label="Results">
          {found.map((result) => (
            <ResultItem key={result.id} result={result} />
          ))}
        </ol>
      )}

      {terms !== null && results.hasNextPage && (
        <Button
          variant="secondary"
          className="search-more"
          busy={results.isFetchingNextPage}
          onClick={() => void results.fetchNextPage()}
        >
          Show more results
        </Button>
      )}
    </section>
  );
}
