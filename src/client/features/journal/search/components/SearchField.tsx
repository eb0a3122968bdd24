import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { SEARCH_MAX_QUERY_LENGTH } from '../../../../../shared/search';
import { SearchIcon } from '../../../../ui/Icon';
import '../../../../styles/search.css';

/** How long typing pauses before the search runs: long enough not to search at every letter. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Whether a key press is typing into something: then `/` is a slash, not the search's shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image'].includes(target.type);
}

export interface SearchFieldHandle {
  focus(): void;
}

export interface SearchFieldProps {
  /** The query the screen shows now (the URL's); typing changes it after a pause, or at once with Enter. */
  query: string;
  onSearch: (query: string) => void;
  handle?: Ref<SearchFieldHandle>;
}

/**
 * The journal's search box (docs/product.md §17): results follow as the person types, after a short pause, and `/`
 * anywhere outside a text field jumps here. A form with role="search", so screen readers list it as a landmark.
 */
export function SearchField({ query, onSearch, handle }: SearchFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(query);
  // The URL's query changes on its own too (Back, Forward, another search): the box then shows it. State derived
  // from the query shown before, as React allows.
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setText(query);
  }
  const searchNow = useRef(onSearch);
  useEffect(() => {
    searchNow.current = onSearch;
  });

  useImperativeHandle(handle, () => ({
    focus() {
      const field = input.current;
      if (!field) return;
      field.focus();
      field.setSelectionRange(field.value.length, field.value.length);
    },
  }));

  useEffect(() => {
    if (text === query) return;
    const timer = setTimeout(() => searchNow.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, query]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <form
      role="search"
      className="search-field"
      onSubmit={(event) => {
        event.preventDefault();
        if (text !== query) searchNow.current(text);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search your journal
      </label>
      <span className="search-field-icon">
        <SearchIcon />
      </span>
      <input
        ref={input}
        id={id}
        className="field-input search-field-input"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={SEARCH_MAX_QUERY_LENGTH}
        placeholder="Search your journal"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        aria-keyshortcuts="/"
      />
      <kbd className="search-field-key" aria-hidden="true">
        /
      </kbd>
    </form>
  );
}
