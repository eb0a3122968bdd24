import { useId, useState } from 'react';
import { Link } from 'react-router';
import { todayKey } from '../../../../lib/today';
import { buttonClassName } from '../../../../ui/Button';
import { PhotoSpace } from '../../photos/components/PhotoSpace';
import { currentRange, describeRange, printPath, type PrintRangeKind } from '../print-range';

const PRINT_CHOICES: readonly { kind: PrintRangeKind; label: string }[] = [
  { kind: 'month', label: 'This month' },
  { kind: 'year', label: 'This year' },
  { kind: 'all', label: 'Everything' },
];

/**
 * "Your data": the space the writer's photos take of their quota, the whole journal as a download, made by the server as it is read (GET /api/export), and the
 * printable view (/print), which the browser prints or saves as a PDF. The download addresses work with the session
 * cookie from a script too, for backups of one's own.
 */
export function DataSection() {
  const choiceId = useId();
  const [kind, setKind] = useState<PrintRangeKind>('month');
  const today = todayKey();

  return (
    <section className="card settings-section" aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <p className="muted">Download every entry you have written, to keep or to take elsewhere.</p>
      <div className="form-actions">
        <a className={buttonClassName('secondary')} href="/api/export?format=json" download>
          Download as JSON
        </a>
        <a className={buttonClassName('secondary')} href="/api/export?format=markdown" download>
          Download as Markdown
        </a>
        <a className={buttonClassName('secondary')} href="/api/export?format=zip" download>
          Download with photos (zip)
        </a>
      </div>
      <PhotoSpace />
      <p className="muted data-print-intro">
        Or make a printed copy, one day to a page, and keep it on paper or save it as a PDF.
      </p>
      <div className="data-print-row">
        <div className="field">
          <label className="field-label" htmlFor={choiceId}>
            Entries to print
          </label>
          <select
            id={choiceId}
            className="field-input"
            value={kind}
            onChange={(event) => setKind(event.target.value as PrintRangeKind)}
          >
            {PRINT_CHOICES.map((choice) => (
              <option key={choice.kind} value={choice.kind}>
                {choice.label}
                {choice.kind === 'all' ? '' : ` (${describeRange(currentRange(choice.kind, today))})`}
              </option>
            ))}
          </select>
        </div>
        <Link className={buttonClassName('secondary')} to={printPath(currentRange(kind, today))}>
          Print or save as PDF
        </Link>
      </div>
    </section>
  );
}
