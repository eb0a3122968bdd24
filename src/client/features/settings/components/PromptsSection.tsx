import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PROMPTS } from '../../../../shared/entry-fields';
import { SETTINGS_MESSAGES } from '../../../../shared/messages';
import {
  MAX_PROMPT_LENGTH,
  MAX_PROMPTS,
  OWN_PROMPTS,
  type PromptChoice,
  questionOfTheDay,
  READY_MADE_SETS,
  type ReadyMadeSet,
} from '../../../../shared/prompts';
import { todayKey } from '../../../lib/today';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast-context';
import { ApiError } from '../../../lib/api';
import { useUpdateProfile } from '../api';
import '../../../styles/prompts.css';

/** The set a choice is, for the radio buttons: a ready-made one, or `mine` for a list of the writer's own. */
type Picked = ReadyMadeSet['id'] | 'mine';

function pickedSet(choice: PromptChoice): Picked {
  if (choice.set !== 'custom') return choice.set;
  const same = READY_MADE_SETS.find(
    (set) =>
      set.id !== 'own' &&
      set.prompts.length === choice.prompts.length &&
      set.prompts.every((prompt, index) => prompt === choice.prompts[index]),
  );
  return same?.id ?? 'mine';
}

/** What is wrong with a wording, before the server has to say it; null when nothing is. */
function wordingProblem(wording: string): string | null {
  if (wording.trim() === '') return 'Write the prompt, or remove it.';
  if (wording.length > MAX_PROMPT_LENGTH) return `A prompt is at most ${MAX_PROMPT_LENGTH} characters.`;
  return null;
}

const sameChoice = (a: PromptChoice, b: PromptChoice) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Settings, "Your prompts" (docs/product.md §5): the app's own prompts, a ready-made set, or a list of the writer's
 * own (up to MAX_PROMPTS, each 1 to MAX_PROMPT_LENGTH characters) to reword, add to, remove from and reorder. A change
 * is saved with its button; entries already written keep the prompts they were written with.
 */
export function PromptsSection({ prompts, showMemorySection }: { prompts: PromptChoice; showMemorySection: boolean }) {
  const toast = useToast();
  const updateProfile = useUpdateProfile();
  const [draft, setDraft] = useState<PromptChoice>(prompts);
  // After a move, the moved prompt's same button keeps the focus, so the keyboard can go on moving it.
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const headingId = useId();
  const limitsId = useId();
  const [checked, setChecked] = useState(false);

  // Prompts saved meanwhile (here or on another device) replace what is being edited.
  const [saved, setSaved] = useState(prompts);
  if (!sameChoice(saved, prompts)) {
    setSaved(prompts);
    setDraft(prompts);
  }
  useEffect(() => {
    if (focusAfterMove) listRef.current?.querySelector<HTMLElement>(`[data-focus-key="${focusAfterMove}"]`)?.focus();
  }, [focusAfterMove, draft]);

  const picked = pickedSet(draft);
  const list = draft.set === 'custom' ? draft.prompts : null;
  const problems = list?.map(wordingProblem) ?? [];
  const unchanged = sameChoice(draft, prompts);

  function pick(id: Picked) {
    setChecked(false);
    if (id === 'own') setDraft(OWN_PROMPTS);
    else if (id === 'daily-question') setDraft({ set: 'daily-question' });
    else if (id === 'mine') setDraft({ set: 'custom', prompts: list ?? [...(READY_MADE_SETS[0]?.prompts ?? [])] });
    else setDraft({ set: 'custom', prompts: [...(READY_MADE_SETS.find((set) => set.id === id)?.prompts ?? [])] });
  }

  function changeList(next: string[]) {
    setDraft({ set: 'custom', prompts: next });
  }

  function move(index: number, by: -1 | 1, direction: 'up' | 'down') {
    if (!list) return;
    const to = index + by;
    if (to < 0 || to >= list.length) return;
    const next = [...list];
    [next[index], next[to]] = [next[to] as string, next[index] as string];
    changeList(next);
    // At the top or the bottom the button it was on is gone: the other one of the pair takes the focus.
    const lands = (direction === 'up' && to === 0) || (direction === 'down' && to === list.length - 1);
    setFocusAfterMove(`${to}-${lands ? (direction === 'up' ? 'down' : 'up') : direction}`);
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (problems.some(Boolean)) return;
    const choice: PromptChoice = list ? { set: 'custom', prompts: list } : draft;
    updateProfile.mutate(
      { prompts: choice },
      {
        onSuccess: () => toast.success(SETTINGS_MESSAGES.promptsUpdated),
        onError: (error) =>
          toast.error(error instanceof ApiError && error.status === 400 ? error.message : SETTINGS_MESSAGES.promptsFailed),
      },
    );
  }

  return (
    <section className="card settings-section prompts-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Your prompts</h2>
      <p id={limitsId} className="muted">
        Choose what your entry form asks. Up to {MAX_PROMPTS} prompts, each 1 to {MAX_PROMPT_LENGTH} characters. Entries
        already written keep the prompts they were written with.
      </p>
      <form className="form" onSubmit={save} noValidate aria-describedby={limitsId}>
        <fieldset className="prompt-sets">
          <legend className="field-label">Start from a set</legend>
          {READY_MADE_SETS.map((set) => (
            <label key={set.id} className="prompt-set">
              <input
                type="radio"
                name="prompt-set"
                value={set.id}
                checked={picked === set.id}
                onChange={() => pick(set.id)}
              />
              <span>
                <span className="prompt-set-name">{set.name}</span>
                <span className="prompt-set-description muted">{set.description}</span>
              </span>
            </label>
          ))}
          <label className="prompt-set">
            <input type="radio" name="prompt-set" value="mine" checked={picked === 'mine'} onChange={() => pick('mine')} />
            <span>
              <span className="prompt-set-name">Your own list</span>
              <span className="prompt-set-description muted">Write, reorder and remove prompts as you like.</span>
            </span>
          </label>
        </fieldset>

        {draft.set === 'own' && (
          <div className="prompt-preview">
            <p className="field-label">Your form asks</p>
            <ul>
              <li>{PROMPTS.gratitude}</li>
              <li>{PROMPTS.celebration}</li>
              <li>{PROMPTS.manifestation}</li>
              {showMemorySection && <li>{PROMPTS.memory}</li>}
            </ul>
            <p className="muted">The memory prompt follows the Memory Section switch under Preferences.</p>
            <Button variant="secondary" className="btn-small" onClick={() => pick('mine')}>
              Change the wording
            </Button>
          </div>
        )}

        {draft.set === 'daily-question' && (
          <div className="prompt-preview">
            <p className="field-label">Today your form asks</p>
            <p>{questionOfTheDay(todayKey())}</p>
            <p className="muted">A new question each day, the same on every device.</p>
          </div>
        )}

        {list && (
          <div className="prompt-editor">
            <p className="field-label" aria-live="polite">
              {list.length} of {MAX_PROMPTS} prompts
            </p>
            <ol ref={listRef} className="prompt-list">
              {list.map((wording, index) => {
                const number = index + 1;
                const problem = checked ? problems[index] : null;
                return (
                  <li key={index} className="prompt-item">
                    <TextField
                      label={`Prompt ${number}`}
                      name={`prompt-${number}`}
                      value={wording}
                      maxLength={MAX_PROMPT_LENGTH}
                      characterLimit={MAX_PROMPT_LENGTH}
                      dir="auto"
                      aria-invalid={problem ? true : undefined}
                      hint={problem ?? undefined}
                      onChange={(event) => changeList(list.map((w, at) => (at === index ? event.target.value : w)))}
                    />
                    <div className="prompt-item-actions">
                      {index > 0 && (
                        <Button
                          variant="ghost"
                          className="btn-small"
                          data-focus-key={`${index}-up`}
                          aria-label={`Move prompt ${number} up`}
                          onClick={() => move(index, -1, 'up')}
                        >
                          Move up
                        </Button>
                      )}
                      {index < list.length - 1 && (
                        <Button
                          variant="ghost"
                          className="btn-small"
                          data-focus-key={`${index}-down`}
                          aria-label={`Move prompt ${number} down`}
                          onClick={() => move(index, 1, 'down')}
                        >
                          Move down
                        </Button>
                      )}
                      {list.length > 1 && (
                        <Button
                          variant="ghost"
                          className="btn-small btn-quiet-danger"
                          aria-label={`Remove prompt ${number}`}
                          onClick={() => {
                            setFocusAfterMove(null);
                            changeList(list.filter((_, at) => at !== index));
                          }}
                        >
                          Remove
                        </Button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ol>
            <Button
              variant="secondary"
              disabled={list.length >= MAX_PROMPTS}
              onClick={() => {
                changeList([...list, '']);
                setFocusAfterMove(null);
              }}
            >
              Add a prompt
            </Button>
            {list.length >= MAX_PROMPTS && <p className="muted">You have the most prompts a form can ask.</p>}
          </div>
        )}

        <div className="form-actions">
          <Button type="submit" busy={updateProfile.isPending} disabled={unchanged}>
            Save prompts
          </Button>
          {!unchanged && (
            <Button variant="secondary" disabled={updateProfile.isPending} onClick={() => setDraft(prompts)}>
              Undo changes
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
