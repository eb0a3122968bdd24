import { useId, useState, type FormEvent } from 'react';
import { chipFromInput, MAX_TAG_LENGTH, type TagCount } from '../../../../../shared/tags';
import { ApiError } from '../../../../lib/api';
import { Link } from 'react-router';
import { journalTagPath } from '../../../../lib/paths';
import { Button } from '../../../../ui/Button';
import { useToast } from '../../../../ui/toast-context';
import '../../../../styles/tags.css';
import { useRenameTag, useTags } from '../api';

const entriesInWords = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'entry' : 'entries'}`;

/**
 * "Your tags" in Settings (docs/product.md §5): every tag with how many entries have it, each a link to the journal
 * filtered by it, and a way to rename one, or merge it into another by giving that one's name. Either changes every
 * entry with the tag, the `#words` typed in its answers too.
 */
export function TagsSection() {
  const tags = useTags();
  const [renaming, setRenaming] = useState<string | null>(null);
  const list = tags.data?.tags ?? [];

  return (
    <section className="card settings-section" aria-labelledby="tags-heading">
      <h2 id="tags-heading">Your tags</h2>
      <p className="muted">
        Type #words in your answers, or add tags on the form, to find entries by what they are about. Renaming a tag, or
        merging it into another, changes every entry with it, the #words in your answers too.
      </p>
      {tags.isPending ? (
        <p role="status">Loading your tags...</p>
      ) : tags.isError ? (
        <p className="muted">Your tags could not be loaded. Try again later.</p>
      ) : list.length === 0 ? (
        <p className="muted">No tags yet.</p>
      ) : (
        <ul className="tag-table" aria-label="Your tags">
          {list.map((tag) => (
            <li key={tag.tag} className="tag-row">
              <span className="tag-row-name">
                <Link className="tag-link" to={journalTagPath(tag.tag)}>
                  {`#${tag.tag}`}
                </Link>{' '}
                <span className="muted">{entriesInWords(tag.entries)}</span>
              </span>
              {renaming === tag.tag ? (
                <RenameTag tag={tag} all={list} onDone={() => setRenaming(null)} />
              ) : (
                <Button variant="secondary" className="btn-small" onClick={() => setRenaming(tag.tag)}>
                  Rename or merge<span className="visually-hidden">{` #${tag.tag}`}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RenameTag({ tag, all, onDone }: { tag: TagCount; all: TagCount[]; onDone: () => void }) {
  const rename = useRenameTag();
  const toast = useToast();
  const inputId = useId();
  const hintId = useId();
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const target = chipFromInput(input);
  const merging = target !== undefined && target !== tag.tag && all.some((other) => other.tag === target);

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rename.isPending) return;
    if (target === undefined) {
      setProblem(`A tag is one word of letters, digits, - or _, up to ${MAX_TAG_LENGTH} characters.`);
      return;
    }
    if (target === tag.tag) {
      onDone();
      return;
    }
    rename.mutate(
      { from: tag.tag, to: target },
      {
        onSuccess: ({ entries }) => {
          toast.success(
            merging
              ? `Merged #${tag.tag} into #${target} on ${entriesInWords(entries)}`
              : `Renamed #${tag.tag} to #${target} on ${entriesInWords(entries)}`,
          );
          onDone();
        },
        onError: (error) =>
          setProblem(error instanceof ApiError && error.status === 400 ? error.message : 'The tag could not be changed. Try again.'),
      },
    );
  }

  return (
    <form className="form tag-rename" onSubmit={save} noValidate aria-label={`Rename or merge #${tag.tag}`}>
      <div className="field">
        <label className="field-label" htmlFor={inputId}>
          New name, or a tag to merge #{tag.tag} into
        </label>
        <input
          id={inputId}
          className="field-input"
          value={input}
          autoFocus
          autoComplete="off"
          maxLength={MAX_TAG_LENGTH + 1}
          aria-describedby={hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setInput(event.target.value);
            setProblem(null);
          }}
        />
        <p id={hintId} className="field-hint" aria-live="polite">
          {problem ??
            (merging
              ? `#${tag.tag} will be merged into #${target}: ${entriesInWords(tag.entries)} change.`
              : `Letters, digits, - and _, up to ${MAX_TAG_LENGTH} characters.`)}
        </p>
      </div>
      <div className="form-actions">
        <Button type="submit" className="btn-small" busy={rename.isPending}>
          {merging ? 'Merge' : 'Rename'}
        </Button>
        <Button variant="secondary" className="btn-small" disabled={rename.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
