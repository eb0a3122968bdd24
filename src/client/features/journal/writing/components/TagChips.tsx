import { useId, useState, type KeyboardEvent } from 'react';
import { chipFromInput, MAX_TAG_LENGTH, MAX_TAGS, typedTagsOf } from '../../../../../shared/tags';
import { Link } from 'react-router';
import { journalTagPath } from '../../../../lib/paths';
import '../../../../styles/tags.css';

export interface TagChipsProps {
  /** The tags added as chips, folded. */
  chips: string[];
  /** The answers as they are now: their `#words` are tags too, shown beside the chips. */
  answers: string[];
  onChange: (chips: string[]) => void;
  disabled?: boolean;
}

export const TAG_LIMITS_HINT = `Type #words in your answers, or add tags here: up to ${MAX_TAGS} tags, each up to ${MAX_TAG_LENGTH} letters, digits, - or _.`;

/**
 * An entry's tags (docs/product.md §5): the chips, each with its own Remove button, a field that adds one on Enter or
 * with Add, and the `#words` the answers type, which are tags too and go when the word goes. The limits are said
 * before anything is sent, and a tag that breaks them is refused here, in words.
 */
export function TagChips({ chips, answers, onChange, disabled = false }: TagChipsProps) {
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const typed = typedTagsOf(answers).filter((tag) => !chips.includes(tag));
  const count = chips.length + typed.length;

  function add() {
    if (input.trim() === '') return;
    const tag = chipFromInput(input);
    if (tag === undefined) {
      setProblem(`A tag is one word of letters, digits, - or _, up to ${MAX_TAG_LENGTH} characters.`);
      return;
    }
    if (chips.includes(tag)) {
      setInput('');
      setProblem(null);
      return;
    }
    if (count + (typed.includes(tag) ? 0 : 1) > MAX_TAGS) {
      setProblem(`An entry holds at most ${MAX_TAGS} tags.`);
      return;
    }
    onChange([...chips, tag]);
    setInput('');
    setProblem(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' || event.key === ',') {
      // Enter adds the tag rather than saving the entry.
      event.preventDefault();
      add();
    }
  }

  function remove(tag: string) {
    onChange(chips.filter((chip) => chip !== tag));
    setProblem(null);
  }

  return (
    <fieldset className="tag-chips" disabled={disabled}>
      <legend className="tag-chips-legend">
        Tags <span className="muted">(optional)</span>
      </legend>
      <p id={hintId} className="field-hint">
        {TAG_LIMITS_HINT}
      </p>
      {(chips.length > 0 || typed.length > 0) && (
        <ul className="tag-list" aria-label={`Tags, ${count} of ${MAX_TAGS}`}>
          {chips.map((tag) => (
            <li key={tag} className="tag-chip">
              <span dir="auto">#{tag}</span>
              <button type="button" className="tag-remove" aria-label={`Remove tag ${tag}`} onClick={() => remove(tag)}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          {typed.map((tag) => (
            <li key={tag} className="tag-chip tag-typed" title="Typed in an answer">
              <span dir="auto">#{tag}</span>
              <span className="visually-hidden"> (typed in an answer)</span>
            </li>
          ))}
        </ul>
      )}
      <div className="tag-add">
        <label htmlFor={inputId} className="visually-hidden">
          Add a tag
        </label>
        <input
          id={inputId}
          type="text"
          className="field-input tag-input"
          value={input}
          placeholder="Add a tag"
          autoComplete="off"
          enterKeyHint="done"
          maxLength={MAX_TAG_LENGTH + 1}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setInput(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="btn btn-secondary btn-small" onClick={add}>
          Add
        </button>
      </div>
      <p id={problemId} className="field-error" role="alert">
        {problem}
      </p>
    </fieldset>
  );
}

/** An entry's tags as its card shows them: each a link to the journal filtered by it. */
export function TagLinks({ tags }: { tags: string[] }) {
  return (
    <ul className="entry-tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag} dir="auto">
          <Link className="tag-link" to={journalTagPath(tag)}>
            {`#${tag}`}
          </Link>
        </li>
      ))}
    </ul>
  );
}
