import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PHOTO_MESSAGES } from '../../../../../shared/photos';
import { type PhotoChoice, PhotoField } from '../../photos/components/PhotoPicker';
import { newEntryId } from '../../../../../shared/entry-id';
import type { EntryField } from '../../../../../shared/entry-fields';
import { OWN_PROMPTS, promptsOfTheDay, type PromptAnswer } from '../../../../../shared/prompts';
import { JOURNAL_MESSAGES, OFFLINE_MESSAGES } from '../../../../../shared/messages';
import { useAuth } from '../../../../lib/session/auth-context';
import { todayKey, utcOffsetNow } from '../../../../lib/today';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { useToast } from '../../../../ui/toast-context';
import { formatDayHeading } from '../../list/journal-view';
import { useCreateEntry } from '../../sync/entry-writes';
import {
  EMPTY_VALUES,
  answersContent,
  answersOf,
  contentOf,
  contentProblem,
  isBlankContent,
  loadContentCheck,
  saveFailureMessage,
  type EntryValues,
} from '../entry-content';
import { clearDraft, keepDraft, readDraft } from '../entry-draft';
import type { Mood } from '../../../../../shared/mood';
import { reflectionTitle } from '../reflection-title';
import { EntryFields } from './EntryFields';
import { MoodChoice } from './MoodChoice';
import { PromptAnswerFields, withAnswer } from './PromptAnswerFields';
import { TagChips } from './TagChips';

type OpenDialog = 'none' | 'empty' | 'discard';

export interface EntryFormProps {
  /** An earlier day the entry is for (past days, docs/product.md §5); left out, the writer's today. */
  day?: string;
  /** Called once the entry is stored. */
  onSaved: () => void;
  /** Called when the writer leaves without saving. */
  onLeave: () => void;
}


/**
 * "Today's Reflection": the prompts, then save (with the empty-entry and discard questions of docs/product.md §5). With
 * a `day`, the same for an earlier day that has no entry, for a writer who writes past days.
 */
export function EntryForm({ day: pastDay, onSaved, onLeave }: EntryFormProps) {
  const { user, profile } = useAuth();
  const userId = user?.id;
  const showMemory = profile?.showMemorySection ?? false;
  const toast = useToast();
  const create = useCreateEntry();
  // What was written today and not yet saved comes back: after leaving the form, a reload or a crash.
  const [day] = useState(() => pastDay ?? todayKey());
  const [draft] = useState(() => (userId ? readDraft(userId, day) : null));
  const [values, setValues] = useState<EntryValues>(draft?.values ?? EMPTY_VALUES);
  const [mood, setMood] = useState<Mood | null>(draft?.mood ?? null);
  // The writer's own prompts, as they are when the form opens (or as the draft asked them): the entry keeps this
  // wording whatever the prompts become. Null for the app's own prompts.
  const [answers, setAnswers] = useState<PromptAnswer[] | null>(() =>
    draft
      ? (draft.answers ?? null)
      : (promptsOfTheDay(profile?.prompts ?? OWN_PROMPTS, day)?.map((prompt) => ({ prompt, answer: '' })) ?? null),
  );
  const [chips, setChips] = useState<string[]>(draft?.tags ?? []);
  const [dialog, setDialog] = useState<OpenDialog>('none');
  // One id per entry being written: a save retried after a lost answer finds the entry already stored.
  const [entryId] = useState(() => draft?.id ?? newEntryId());
  const firstFieldRef = useRef<HTMLTextAreaElement>(null);
  const [refocusRequest, setRefocusRequest] = useState(0);
  const headingId = useId();
  const [photos, setPhotos] = useState<PhotoChoice>({ ids: [], uploading: false, uploaded: [] });
  const onPhotos = useCallback((choice: PhotoChoice) => setPhotos(choice), []);
  // A new entry without a mood, chips or photos leaves them out.
  const sentChips = chips.length > 0 ? chips : undefined;
  const sentPhotos = photos.ids.length > 0 ? photos.ids : undefined;
  const content = answers
    ? answersContent(answers, mood ?? undefined, sentChips, sentPhotos)
    : contentOf(values, showMemory, mood ?? undefined, sentChips, sentPhotos);
  // A save waits for the check of its content; a second press meanwhile does nothing.
  const checking = useRef(false);

  useEffect(() => {
    void loadContentCheck().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!userId) return;
    const uploaded = photos.uploaded.length > 0 ? { photos: photos.uploaded } : {};
    keepDraft({ userId, day, id: entryId, values, mood, ...(answers ? { answers } : {}), tags: chips, ...uploaded });
  }, [userId, day, entryId, values, mood, answers, chips, photos.uploaded]);

  /** Leaves without saving: what was written is given up. */
  function leave() {
    clearDraft();
    onLeave();
  }

  // Runs after the dialog has closed (child effects run first), which would otherwise put focus on Save.
  useEffect(() => {
    if (refocusRequest > 0) firstFieldRef.current?.focus();
  }, [refocusRequest]);

  function backToWriting() {
    setDialog('none');
    setRefocusRequest((n) => n + 1);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending || checking.current) return;
    if (isBlankContent(content)) {
      setDialog('empty');
      return;
    }
    if (photos.uploading) {
      toast.error(PHOTO_MESSAGES.stillUploading);
      return;
    }
    checking.current = true;
    const problem = await contentProblem(content).finally(() => {
      checking.current = false;
    });
    if (problem) {
      toast.error(problem);
      return;
    }
    create.mutate(
      { id: entryId, content, localDate: todayKey(), utcOffset: utcOffsetNow(), ...(pastDay ? { day: pastDay } : {}) },
      {
        onSuccess: (result) => {
          // Offline, the entry waits in the outbox: the list shows it as waiting to sync.
          if (result === 'queued') toast.success(OFFLINE_MESSAGES.savedOnDevice);
          clearDraft();
          onSaved();
        },
        onError: (error) => toast.error(saveFailureMessage(error, JOURNAL_MESSAGES.saveFailed)),
      },
    );
  }

  function cancel() {
    if (isBlankContent(content)) leave();
    else setDialog('discard');
  }

  return (
    <section className="card step-card entry-form-step" aria-labelledby={headingId}>
      <header className="entry-form-header">
        <h1 id={headingId}>{reflectionTitle(pastDay, todayKey())}</h1>
        <p className="muted">{formatDayHeading(pastDay ?? todayKey(), 'long')}</p>
      </header>
      <form className="form entry-form" aria-labelledby={headingId} onSubmit={(event) => void save(event)} noValidate>
        <MoodChoice mood={mood} onChange={setMood} disabled={create.isPending} />
        {answers ? (
          <PromptAnswerFields
            answers={answers}
            readOnly={create.isPending}
            firstFieldRef={firstFieldRef}
            autoFocus
            onChange={(index, value) => setAnswers((current) => current && withAnswer(current, index, value))}
          />
        ) : (
          <EntryFields
            values={values}
            showMemory={showMemory}
            readOnly={create.isPending}
            firstFieldRef={firstFieldRef}
            autoFocus
            onChange={(field: EntryField, value: string) => setValues((current) => ({ ...current, [field]: value }))}
          />
        )}
        <TagChips
          chips={chips}
          answers={answers ? answers.map(({ answer }) => answer) : answersOf(values, showMemory)}
          onChange={setChips}
          disabled={create.isPending}
        />
        <PhotoField initial={draft?.photos} disabled={create.isPending} onChange={onPhotos} />
        <div className="form-actions entry-form-actions">
          <Button type="submit" className="btn-large" busy={create.isPending}>
            {create.isPending ? 'Saving...' : 'Save Entry'}
          </Button>
          <Button variant="secondary" className="btn-large" disabled={create.isPending} onClick={cancel}>
            Cancel and return to list
          </Button>
        </div>
      </form>

      <Dialog
        open={dialog === 'empty'}
        title={JOURNAL_MESSAGES.emptyTitle}
        onClose={backToWriting}
        actions={
          <>
            <Button variant="secondary" onClick={backToWriting}>
              Go back to your entry
            </Button>
            <Button onClick={leave}>OK</Button>
          </>
        }
      >
        <p>{JOURNAL_MESSAGES.emptyBody}</p>
      </Dialog>

      <Dialog
        open={dialog === 'discard'}
        title="Discard this entry?"
        onClose={backToWriting}
        actions={
          <>
            <Button variant="secondary" onClick={backToWriting}>
              Keep writing
            </Button>
            <Button variant="danger" onClick={leave}>
              Discard
            </Button>
          </>
        }
      >
        <p>{JOURNAL_MESSAGES.discardQuestion}</p>
      </Dialog>
    </section>
  );
}
