import { useState, type FormEvent } from 'react';
import type { EntryField, JournalEntry } from '../../../../shared/entry-schemas';
import { JOURNAL_MESSAGES, OFFLINE_MESSAGES } from '../../../../shared/messages';
import { useAuth } from '../../../lib/session/auth-context';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/toast-context';
import { EntryFields } from '../writing/EntryFields';
import {
  PROMPTS,
  contentOf,
  contentProblem,
  saveFailureMessage,
  valuesOf,
  type EntryValues,
} from '../writing/entry-content';
import { useUpdateEntry } from '../writing/entry-writes';
import { formatClockTime, formatMonthDay } from './journal-view';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const SHOWN_FIELDS: readonly EntryField[] = ['gratitude', 'celebration', 'manifestation'];

export interface EntryCardProps {
  entry: JournalEntry;
  /** Changed on this device and not yet confirmed by the server. */
  pending?: boolean;
  today: string;
  /** In month view the card's name also says which day it belongs to. */
  inMonth: boolean;
  onDelete: (entry: JournalEntry) => void;
  deleting: boolean;
}

/** One entry: its answers, and Edit (entries of today only) and Delete. Editing happens in place. */
export function EntryCard({ entry, pending = false, today, inMonth, onDelete, deleting }: EntryCardProps) {
  const { profile } = useAuth();
  const showMemory = profile?.showMemorySection ?? false;
  const toast = useToast();
  const update = useUpdateEntry();
  const [draft, setDraft] = useState<EntryValues | null>(null);
  // After editing, focus goes back to the Edit button (which is mounted again) rather than to the page.
  const [returnFocus, setReturnFocus] = useState(false);

  const time = formatClockTime(entry.date);
  const name = inMonth ? `Entry from ${formatMonthDay(entry.localDate)}, ${time}` : `Entry from ${time}`;
  const canEdit = entry.localDate === today;
  const fields = entry.memory.trim() ? [...SHOWN_FIELDS, 'memory' as const] : SHOWN_FIELDS;

  function finishEditing() {
    setDraft(null);
    setReturnFocus(true);
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft || update.isPending) return;
    const content = contentOf(draft, showMemory);
    const problem = contentProblem(content);
    if (problem) {
      toast.error(problem);
      return;
    }
    update.mutate(
      { id: entry.id, content },
      {
        onSuccess: (result) => {
          toast.success(result === 'sent' ? JOURNAL_MESSAGES.updated : OFFLINE_MESSAGES.savedOnDevice);
          finishEditing();
        },
        onError: (error) => toast.error(saveFailureMessage(error, JOURNAL_MESSAGES.updateFailed)),
      },
    );
  }

  return (
    // Focusable from script (not by Tab), for the list to hand it the focus (MonthEntries' Load more).
    <article className="card entry-card" aria-label={name} tabIndex={-1}>
      <header className="entry-card-header">
        <p className="entry-time">
          <time dateTime={entry.date}>{time}</time>
        </p>
        {pending && (
          <p className="entry-pending" role="status">
            <span className="entry-pending-icon" aria-hidden="true" />
            {OFFLINE_MESSAGES.waitingToSync}
          </p>
        )}
        {!draft && (
          <div className="entry-actions">
            {canEdit && (
              <Button
                variant="ghost"
                className="btn-small"
                autoFocus={returnFocus}
                onClick={() => setDraft(valuesOf(entry))}
              >
                Edit
              </Button>
            )}
            <Button
              variant="ghost"
              className="btn-small btn-quiet-danger"
              busy={deleting}
              onClick={() => onDelete(entry)}
            >
              Delete
            </Button>
          </div>
        )}
      </header>
      {draft ? (
        <form className="form entry-edit-form" aria-label={`Edit ${lowerFirst(name)}`} onSubmit={save} noValidate>
          <EntryFields
            values={draft}
            showMemory={showMemory}
            readOnly={update.isPending}
            autoFocus
            onChange={(field, value) => setDraft((current) => (current ? { ...current, [field]: value } : current))}
          />
          <div className="form-actions">
            <Button type="submit" busy={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="secondary" disabled={update.isPending} onClick={finishEditing}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <dl className="entry-answers">
          {fields.map((field) => (
            <div key={field} className="entry-answer">
              <dt>{PROMPTS[field]}</dt>
              <dd dir="auto">
                {entry[field].trim() ? (
                  entry[field]
                ) : (
                  <span className="muted">
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">No answer</span>
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
