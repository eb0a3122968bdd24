import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { type EntryPhoto, MAX_PHOTOS_PER_ENTRY, PHOTO_MESSAGES } from '../../../../../shared/photos';
import { Button } from '../../../../ui/Button';
import { type PhotoPicks, usePhotoPicks } from '../use-photo-picks';
import '../../../../styles/photos.css';

/**
 * What a form saves of its photos: the ids in order, whether any is still on its way, and those on the server (which a
 * draft keeps; a photo waiting offline lives on the device only until its entry is saved).
 */
export interface PhotoChoice {
  ids: string[];
  uploading: boolean;
  uploaded: EntryPhoto[];
}

/** The picker with its own photos, starting from an entry's; the form hears the ids to save as they change. */
export function PhotoField({
  initial,
  disabled,
  onChange,
}: {
  initial?: readonly EntryPhoto[];
  disabled?: boolean;
  onChange: (choice: PhotoChoice) => void;
}) {
  const picks = usePhotoPicks(initial);
  const key = picks.ids.join(',');
  const uploaded = JSON.stringify(picks.picks.flatMap((pick) => (pick.photo ? [pick.photo] : [])));
  useEffect(() => {
    onChange({ ids: key === '' ? [] : key.split(','), uploading: picks.uploading, uploaded: JSON.parse(uploaded) as EntryPhoto[] });
  }, [key, uploaded, picks.uploading, onChange]);
  return <PhotoPicker picks={picks} disabled={disabled} />;
}

export interface PhotoPickerProps {
  picks: PhotoPicks;
  disabled?: boolean;
}

/**
 * The photos of an entry being written (docs/product.md §5): "Add photos" opens the device's library or camera
 * (`accept="image/*"`), files dropped on the group are added too; each shows at once with its progress, and can be
 * moved or removed before the entry is saved.
 */
export function PhotoPicker({ picks, disabled = false }: PhotoPickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const full = picks.room <= 0;

  function onDrop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled && !full) picks.add([...event.dataTransfer.files]);
  }

  return (
    <fieldset
      className={`photo-picker${dragging ? ' photo-picker-dragging' : ''}`}
      disabled={disabled}
      onDragOver={(event) => {
        if (![...event.dataTransfer.types].includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <legend className="photo-picker-legend">
        Photos <span className="muted">(optional, up to {MAX_PHOTOS_PER_ENTRY})</span>
      </legend>
      {picks.picks.length > 0 && (
        <ol className="photo-picks">
          {picks.picks.map((pick, index) => (
            <li key={pick.key} className={`photo-pick${pick.error ? ' photo-pick-failed' : ''}`}>
              <img className="photo-pick-image" src={pick.preview} alt={`Photo ${index + 1}`} />
              {!pick.photo && !pick.error && (
                <progress
                  className="photo-pick-progress"
                  max={1}
                  value={pick.progress}
                  aria-label={`Uploading photo ${index + 1}`}
                />
              )}
              {pick.waiting && <p className="photo-pick-waiting muted">{PHOTO_MESSAGES.waiting}</p>}
              {pick.error && (
                <p className="photo-pick-error" role="alert">
                  {pick.error}
                </p>
              )}
              <div className="photo-pick-actions">
                <Button
                  variant="ghost"
                  className="btn-small"
                  aria-label={`Move photo ${index + 1} earlier`}
                  disabled={index === 0}
                  onClick={() => picks.move(pick.key, -1)}
                >
                  ‹
                </Button>
                <Button
                  variant="ghost"
                  className="btn-small"
                  aria-label={`Move photo ${index + 1} later`}
                  disabled={index === picks.picks.length - 1}
                  onClick={() => picks.move(pick.key, 1)}
                >
                  ›
                </Button>
                <Button
                  variant="ghost"
                  className="btn-small btn-quiet-danger"
                  aria-label={`Remove photo ${index + 1}`}
                  onClick={() => picks.remove(pick.key)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <input
        ref={inputRef}
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/*"
        multiple
        disabled={disabled || full}
        onChange={(event) => {
          picks.add([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <div className="photo-picker-add">
        <Button variant="secondary" className="btn-small" disabled={disabled || full} onClick={() => inputRef.current?.click()}>
          Add photos
        </Button>
        <span className="muted photo-picker-hint">
          {full ? `This entry holds ${MAX_PHOTOS_PER_ENTRY} photos.` : 'Or drop them here.'}
        </span>
      </div>
    </fieldset>
  );
}
