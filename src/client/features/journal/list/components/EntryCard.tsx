import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { PHOTO_MESSAGES } from '../../../../../shared/photos';
import { EntryPhotos } from '../../photos/components/EntryPhotos';
import { type PhotoChoice, PhotoField } from '../../photos/components/PhotoPicker';
import type { JournalEntry } from '../../../../../shared/entry-schemas';
import { JOURNAL_MESSAGES, OFFLINE_MESSAGES } from '../../../../../shared/messages';
import { useAuth } from '../../../../lib/session/auth-context';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { useToast } from '../../../../ui/toast-context';
import { AnswerText } from '../../reading/components/AnswerText';
import { shownAnswers } from '../../reading/entry-answers';
import { useUpdateEntry } from '../../sync/entry-writes';
import type { Mood } from '../../../../../shared/mood';
import { chipsOf } from '../../../../../shared/tags';
import { EntryFields } from '../../writing/components/EntryFields';
import { MoodChoice, MoodNote } from '../../writing/components/MoodChoice';
import { PromptAnswerFields, withAnswer } from '../../writing/components/PromptAnswerFields';
import { TagChips, TagLinks } from '../../writing/components/TagChips';
import { type PromptAnswer, writtenTexts } from '../../../../../shared/prompts';
import {
  answersContent,
  answersOf,
  contentOf,
  contentProblem,
  loadContentCheck,
  saveFailureMessage,
  valuesOf,
  type EntryValues,
} from '../../writing/entry-content';
import { formatClockTime, formatDayInMonth, formatMonthDay, lateWriteNote } from '../journal-view';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * An entry being edited: its text and its mood (null for none), or its answers to the writer's own prompts; its chips
 * and its photos.
 */
interface EditDraft {
  values: EntryValues;
  mood: Mood | null;
  answers?: PromptAnswer[] | undefined;
  chips: string[];
  photos: PhotoChoice;
}

const photoIds = (entry: JournalEntry) => (entry.photos ?? []).map((photo) => photo.id);

/** Whether editing has changed anything the entry would be saved with. */
function hasChanges(draft: EditDraft, entry: JournalEntry, showMemory: boolean): boolean {
  const now = contentOf(draft.values, showMemory);
  const before = contentOf(valuesOf(entry), showMemory);
  if (draft.mood !== (entry.mood ?? null)) return true;
  if (draft.photos.uploading || draft.photos.ids.join(',') !== photoIds(entry).join(',')) return true;
  if (draft.answers?.some((answer, index) => answer.answer !== entry.answers?.[index]?.answer)) return true;
  if (draft.chips.join(' ') !== chipsOf(entry.tags, writtenTexts(entry)).join(' ')) return true;
  return (Object.keys(now) as (keyof typeof now)[]).some((field) => now[field] !== before[field]);
}

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

/**
 * One entry, read like a page of a journal (docs/product.md §2): the day leads (in month view the day's heading above
 * says it), the time is a quiet note, and only the prompts answered are shown, as in print. An entry written or last
 * edited after its own day says so, as quietly. Edit (entries of today only, unless the writer writes past days) and
 * Delete; editing happens in place, and leaving it with changes asks first, as the new-entry form does.
 */
export function EntryCard({ entry, pending = false, today, inMonth, onDelete, deleting }: EntryCardProps) {
  const { profile } = useAuth();
  const showMemory = profile?.showMemorySection ?? false;
  const toast = useToast();
  const update = useUpdateEntry();
  const [draft, setDraft] = useState<EditDraft | null>(null);
  // After editing, focus goes back to the Edit button (which is mounted again) rather than to the page. An effect of
  // the card's runs after the discard dialog has closed (child effects run first), while the page is no longer inert.
  const [returnFocus, setReturnFocus] = useState(0);
  const [askDiscard, setAskDiscard] = useState(false);
  const cardRef = useRef<HTMLElement>(null);
  // A save waits for the check of its content; a second press meanwhile does nothing.
  const checking = useRef(false);
  const editing = draft !== null;
  const onPhotos = useCallback(
    (photos: PhotoChoice) => setDraft((current) => (current ? { ...current, photos } : current)),
    [],
  );
  useEffect(() => {
    if (editing) void loadContentCheck().catch(() => undefined);
  }, [editing]);
  useEffect(() => {
    if (returnFocus > 0) cardRef.current?.querySelector<HTMLElement>('.entry-edit-button')?.focus();
  }, [returnFocus]);

  // An entry imported with its day alone has no time of day: none is made up for it.
  const time = entry.timeUnknown ? null : formatClockTime(entry.date);
  const name =
    inMonth || time === null
      ? `Entry from ${[formatMonthDay(entry.localDate), time].filter(Boolean).join(', ')}`
      : `Entry from ${time}`;
  // Today's entries, and, for a writer who writes past days, earlier ones too; never one of a day after today.
  const canEdit = entry.localDate === today || (profile?.writePastDays === true && entry.localDate < today);
  // An entry added after its day was written at a time of another day: the note says it with that day.
  const late = lateWriteNote(entry, entry.addedOn ? time : null);
  const fields = shownAnswers(entry);

  function finishEditing() {
    setAskDiscard(false);
    setDraft(null);
    setReturnFocus((count) => count + 1);
  }

  /** Cancel, or Escape: unchanged, editing simply ends; changed, the writer is asked before the changes go. */
  function cancel() {
    if (!draft || update.isPending) return;
    if (hasChanges(draft, entry, showMemory)) setAskDiscard(true);
    else finishEditing();
  }

  function onEditKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    cancel();
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft || update.isPending || checking.current) return;
    if (draft.photos.uploading) {
      toast.error(PHOTO_MESSAGES.stillUploading);
      return;
    }
    // The mood is always sent with an edit: null takes it off the entry.
    // An entry of the writer's own prompts is edited under the wording it was written with.
    // So are the chips: an empty list takes the last one off; and the photos, as the list to keep.
    const content = draft.answers
      ? answersContent(draft.answers, draft.mood, draft.chips, draft.photos.ids)
      : contentOf(draft.values, showMemory, draft.mood, draft.chips, draft.photos.ids);
    checking.current = true;
    const problem = await contentProblem(content).finally(() => {
      checking.current = false;
    });
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
    <article ref={cardRef} className="card entry-card" aria-label={name} tabIndex={-1}>
      <header className="entry-card-header">
        <p className="entry-when">
          {!inMonth && <span className="entry-day">{formatDayInMonth(entry.localDate)}</span>}
          {time !== null && !entry.addedOn && (
            <time className="entry-time" dateTime={entry.date}>
              {time}
            </time>
          )}
          {late && <span className="entry-late">{late}</span>}
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
                className="btn-small entry-edit-button"
                onClick={() =>
                  setDraft({
                    values: valuesOf(entry),
                    mood: entry.mood ?? null,
                    answers: entry.answers,
                    chips: chipsOf(entry.tags, writtenTexts(entry)),
                    photos: { ids: photoIds(entry), uploading: false, uploaded: entry.photos ?? [] },
                  })
                }
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
      {!draft && entry.mood !== undefined && <MoodNote mood={entry.mood} />}
      {draft ? (
        <form
          className="form entry-edit-form"
          aria-label={`Edit ${lowerFirst(name)}`}
          onSubmit={(event) => void save(event)}
          onKeyDown={onEditKeyDown}
          noValidate
        >
          <MoodChoice
            mood={draft.mood}
            disabled={update.isPending}
            onChange={(mood) => setDraft((current) => (current ? { ...current, mood } : current))}
          />
          {draft.answers ? (
            <PromptAnswerFields
              answers={draft.answers}
              readOnly={update.isPending}
              autoFocus
              onChange={(index, value) =>
                setDraft((current) =>
                  current?.answers ? { ...current, answers: withAnswer(current.answers, index, value) } : current,
                )
              }
            />
          ) : (
            <EntryFields
              values={draft.values}
              showMemory={showMemory}
              readOnly={update.isPending}
              autoFocus
              onChange={(field, value) =>
                setDraft((current) => (current ? { ...current, values: { ...current.values, [field]: value } } : current))
              }
            />
          )}
          <TagChips
            chips={draft.chips}
            answers={draft.answers ? draft.answers.map(({ answer }) => answer) : answersOf(draft.values, showMemory)}
            disabled={update.isPending}
            onChange={(chips) => setDraft((current) => (current ? { ...current, chips } : current))}
          />
          <PhotoField initial={entry.photos} disabled={update.isPending} onChange={onPhotos} />
          <div className="form-actions">
            <Button type="submit" busy={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="secondary" disabled={update.isPending} onClick={cancel}>
              Cancel
            </Button>
          </div>
        </form>
      ) : fields.length === 0 ? (
        // An imported entry may have no answer at all.
        <p className="entry-nothing muted">Nothing written</p>
      ) : (
        <dl className="entry-answers">
          {fields.map((answer) => (
            <div key={answer.key} className="entry-answer">
              <dt dir={answer.field ? undefined : 'auto'}>{answer.prompt}</dt>
              <dd dir="auto" className="answer-text">
                <AnswerText text={answer.text} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {!draft && entry.photos && <EntryPhotos photos={entry.photos} />}
      {!draft && entry.tags && entry.tags.length > 0 && <TagLinks tags={entry.tags} />}
      <Dialog
        open={askDiscard}
        title="Discard your changes?"
        onClose={() => setAskDiscard(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAskDiscard(false)}>
              Keep writing
            </Button>
            <Button variant="danger" onClick={finishEditing}>
              Discard
            </Button>
          </>
        }
      >
        <p>{JOURNAL_MESSAGES.discardChangesQuestion}</p>
      </Dialog>
    </article>
  );
}
