import { MOOD_WORDS, MOODS } from '../../../../../shared/mood';

/**
 * What the calendars' colours mean: each mood's colour with its word, and the colour of a day written without a mood.
 * A list, so a screen reader hears the five in order; each day also says its mood in its own name.
 */
export function MoodLegend() {
  return (
    <div className="mood-legend">
      <p className="mood-legend-title" id="mood-legend-title">
        Colours by mood
      </p>
      <ul aria-labelledby="mood-legend-title">
        {MOODS.map((mood) => (
          <li key={mood} className={`mood-${mood}`}>
            <span className="calendar-swatch has-mood" aria-hidden="true" />
            {MOOD_WORDS[mood]}
          </li>
        ))}
        <li>
          <span className="calendar-swatch has-entry" aria-hidden="true" />
          Written, no mood
        </li>
      </ul>
    </div>
  );
}
