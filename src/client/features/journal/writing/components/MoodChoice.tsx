import { useId } from 'react';
import { MOOD_WORDS, MOODS, type Mood } from '../../../../../shared/mood';
import '../../../../styles/mood.css';

export interface MoodChoiceProps {
  /** The chosen mood, or null for none. */
  mood: Mood | null;
  onChange: (mood: Mood | null) => void;
  disabled?: boolean;
}

/**
 * How the day felt, one tap of five (docs/product.md §5): a group of radio buttons, each named by its word, so a
 * screen reader says "Good, radio button, 4 of 5". Optional: none is chosen at first, and "No mood" takes a choice
 * back.
 */
export function MoodChoice({ mood, onChange, disabled = false }: MoodChoiceProps) {
  const name = useId();
  return (
    <fieldset className="mood-choice" disabled={disabled}>
      <legend className="mood-choice-legend">
        How did the day feel? <span className="muted">(optional)</span>
      </legend>
      <div className="mood-options">
        {MOODS.map((value) => (
          <label key={value} className={`mood-option mood-${value}`}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={mood === value}
              onChange={() => onChange(value)}
            />
            <span className="mood-dot" aria-hidden="true" />
            <span className="mood-word">{MOOD_WORDS[value]}</span>
          </label>
        ))}
      </div>
      {mood !== null && (
        <button type="button" className="mood-clear" onClick={() => onChange(null)}>
          No mood
        </button>
      )}
    </fieldset>
  );
}

/** An entry's mood as its card shows it: the word, with its colour beside it. */
export function MoodNote({ mood }: { mood: Mood }) {
  return (
    <p className={`entry-mood mood-${mood}`}>
      <span className="mood-dot" aria-hidden="true" />
      <span>
        <span className="visually-hidden">Mood: </span>
        {MOOD_WORDS[mood]}
      </span>
    </p>
  );
}
