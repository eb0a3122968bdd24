import { useEffect, useState } from 'react';
import { COUNT_ANNOUNCE_PAUSE_MS, characterCountText } from './character-count';

/**
 * The count under a field with a length limit, once it nears it: '812 characters left', then, past the limit, '12
 * characters over the limit' in the error colour. The field names the count (`id`) in its aria-describedby while it
 * shows (see `countDescribes`), so a screen reader reads it with the field. A status region, always in the page so
 * that what it says is announced, tells it politely once the typing pauses, rather than at every key.
 */
export function CharacterCount({ id, length, limit }: { id: string; length: number; limit: number }) {
  const text = characterCountText(length, limit);
  const [said, setSaid] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSaid(text ?? ''), COUNT_ANNOUNCE_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return (
    <>
      {text !== null && (
        <p id={id} className={length > limit ? 'field-count field-count-over' : 'field-count'}>
          {text}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {said}
      </p>
    </>
  );
}

/** The count's id while it shows, for the field's aria-describedby; undefined while the field is far from its limit. */
export function countDescribes(id: string, length: number, limit: number): string | undefined {
  return characterCountText(length, limit) === null ? undefined : id;
}
