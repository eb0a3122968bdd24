import { useId, useState } from 'react';
import { Link } from 'react-router';
import { isBlankEntry } from '../../../../../shared/entry-fields';
import type { JournalEntry } from '../../../../../shared/entry-schemas';
import { journalDayPath } from '../../../../lib/paths';
import { buttonClassName } from '../../../../ui/Button';
import { formatDayHeading } from '../../list/journal-view';
import { EntryPhotos } from '../../photos/components/EntryPhotos';
import { AnswerText } from '../../reading/components/AnswerText';
import { shownAnswers } from '../../reading/entry-answers';

/** The entry's answers, its own prompts' too, each under the wording it was written with. */
const answered = (entry: JournalEntry) => shownAnswers(entry, (text) => isBlankEntry({ gratitude: text }));

/**
 * The line an earlier entry is remembered by: its gratitude, or, when it has none (a journal imported from
 * elsewhere), the first thing it says.
 */
export function rememberedLine(entry: JournalEntry): string {
  const [first] = answered(entry);
  return first === undefined ? '' : first.text;
}

/**
 * One earlier entry: its gratitude first, and the whole entry a tap away, in place (it is already on the device, so
 * this works offline too) or on that day's own page.
 */
export function LookBackEntry({ entry, quote = false }: { entry: JournalEntry; quote?: boolean }) {
  const [open, setOpen] = useState(false);
  const wholeId = useId();
  const day = formatDayHeading(entry.localDate, 'long');
  const fields = answered(entry);
  const line = rememberedLine(entry);
  const lineIsGratitude = fields[0]?.field === 'gratitude';
  // The rest of the entry: every answer after the one already shown.
  const rest = fields.slice(1);

  return (
    <article className={quote ? 'look-back-entry look-back-entry-quote' : 'look-back-entry'} aria-label={`Entry from ${day}`}>
      {quote ? (
        <blockquote className="look-back-line" dir="auto">
          <p>
            <AnswerText text={line} runOn />
          </p>
        </blockquote>
      ) : (
        <p className="look-back-line" dir="auto">
          {!lineIsGratitude && fields[0] && <span className="look-back-prompt">{fields[0].prompt} </span>}
          <AnswerText text={line} runOn />
        </p>
      )}
      {quote && (
        <p className="look-back-day">
          <time dateTime={entry.localDate}>{day}</time>
        </p>
      )}
      {open && rest.length > 0 && (
        <dl id={wholeId} className="entry-answers look-back-whole">
          {rest.map((answer) => (
            <div key={answer.key} className="entry-answer">
              <dt dir={answer.field ? undefined : 'auto'}>{answer.prompt}</dt>
              <dd dir="auto" className="answer-text">
                <AnswerText text={answer.text} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {entry.photos && <EntryPhotos photos={entry.photos} />}
      <div className="look-back-links">
        {rest.length > 0 && (
          <button
            type="button"
            className={buttonClassName('link', 'look-back-toggle')}
            aria-expanded={open}
            aria-controls={open ? wholeId : undefined}
            onClick={() => setOpen((shown) => !shown)}
          >
            {open ? 'Show less' : 'Read the whole entry'}
          </button>
        )}
        <Link to={journalDayPath(entry.localDate)} className="look-back-open" aria-label={`Open that day, ${day}`}>
          Open that day
        </Link>
      </div>
    </article>
  );
}
