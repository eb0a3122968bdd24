import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { PROMPTS } from '../../../../shared/entry-fields';
import { errorMessage } from '../../../lib/api';
import { journalDayPath, paths } from '../../../lib/paths';
import { Button, buttonClassName } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import {
  CSV_FIELDS,
  sendImport,
  useImportMaxBytes,
  type CsvField,
  type CsvMapping,
  type ImportFormat,
  type ImportProgress,
  type ImportRefusal,
  type ImportReport,
} from '../api';
import { guessImportFormat, IMPORT_ACCEPT, IMPORT_FORMATS } from '../import-file';
import { entriesWord, formatBytes, formatCount } from '../words';
import '../../../styles/import.css';

type Step =
  | { name: 'choose' }
  | { name: 'preview'; report: ImportReport }
  | { name: 'importing'; progress: ImportProgress | null; expected: number }
  | { name: 'done'; report: ImportReport }
  | { name: 'failed'; message: string };

const FIELD_LABELS: Record<CsvField, string> = {
  date: 'Date (required)',
  gratitude: PROMPTS.gratitude,
  celebration: PROMPTS.celebration,
  manifestation: PROMPTS.manifestation,
  memory: PROMPTS.memory,
  tags: 'Tags',
};

const dayInWords = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'March 2, 2019' for 2019-03-02. */
function formatDay(dayKey: string): string {
  return dayInWords.format(new Date(`${dayKey}T00:00:00Z`));
}

function dateRange(report: ImportReport): string {
  const { firstDate, lastDate } = report;
  if (!firstDate || !lastDate) return '';
  if (firstDate === lastDate) return ` It is dated ${formatDay(firstDate)}.`;
  return ` They run from ${formatDay(firstDate)} to ${formatDay(lastDate)}.`;
}

/** '2 were refused.', '1 was refused.' */
function wereRefused(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'was' : 'were'} refused.`;
}

/** '3 were already in your journal.' */
function wereAlreadyThere(count: number, tense: 'are' | 'were'): string {
  const verb = count === 1 ? (tense === 'are' ? 'is' : 'was') : tense;
  return `${formatCount(count)} ${verb} already in your journal${tense === 'are' ? ' and will be left as they are' : ''}.`;
}

/**
 * What the bar shows: the bytes sent while the file uploads, then (with no value: it moves on its own) that the server
 * reads and checks it, then the entries written as the server reports them.
 */
function progressShown(step: Extract<Step, { name: 'importing' }>): { label: string; value?: number; max: number } {
  const { progress, expected } = step;
  if (!progress) return { label: 'Uploading…', value: 0, max: 1 };
  if (progress.phase === 'upload') {
    if (progress.loaded < progress.total) return { label: 'Uploading…', value: progress.loaded, max: progress.total };
    return { label: 'Reading your file…', max: 1 };
  }
  const total = progress.total || expected;
  return {
    label: `Importing ${formatCount(progress.done)} of ${entriesWord(total)}…`,
    value: progress.done,
    max: Math.max(total, 1),
  };
}

/** The refused entries, each with its reason; a long list scrolls, and what the server left out is counted. */
function RefusedList({ refused, count }: { refused: ImportRefusal[]; count: number }) {
  const headingId = useId();
  if (count === 0) return null;
  const more = count - refused.length;
  return (
    <div className="import-refused">
      <h4 id={headingId}>Refused entries</h4>
      {refused.length > 0 && (
        // A scrolling list takes keyboard focus, so it can be scrolled without a mouse.
        <ul className="import-refused-list" aria-labelledby={headingId} tabIndex={0}>
          {refused.map((refusal, index) => (
            <li key={index}>
              {refusal.date && !refusal.message.includes(refusal.date) && (
                <span className="import-refused-where">{formatDay(refusal.date)}: </span>
              )}
              {!refusal.date && typeof refusal.row === 'number' && !/\brow\b/i.test(refusal.message) && (
                <span className="import-refused-where">Row {formatCount(refusal.row)}: </span>
              )}
              {refusal.message}
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="muted">…and {formatCount(more)} more.</p>}
    </div>
  );
}

/**
 * "Bring in your writing": a file from this app's export, Day One or a CSV file, previewed by the server without
 * writing anything, then imported with a progress bar. `afterImport` runs once an import has ended, done or not, and
 * is awaited: the journal's cached lists and numbers are refreshed then (app/SettingsRoute.tsx).
 */
export function ImportSection({ afterImport }: { afterImport: () => Promise<unknown> }) {
  const maxBytes = useImportMaxBytes();
  const fileInputId = useId();
  const formatId = useId();
  const hintId = useId();
  const progressLabelId = useId();

  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat>('dayone');
  const [mapping, setMapping] = useState<CsvMapping | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** The file input is a fresh one each time the first step opens again, so it never shows an old choice. */
  const [inputKey, setInputKey] = useState(0);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const focusNext = useRef<'heading' | 'file' | null>(null);
  /** Which preview is wanted: each new choice counts one more, and an answer for an older one is dropped. */
  const previewTurn = useRef(0);
  /** The preview on its way, settled either way: the server reads one file of a person's at a time. */
  const previewOnItsWay = useRef<Promise<void> | null>(null);
  /** Stops a preview still on its way when the section goes. */
  const leaving = useRef<AbortController | null>(null);
  const chosenFile = useRef<File | null>(null);
  /** How many entries the last preview promised: the progress bar's length until the server says. */
  const expected = useRef(0);

  // Focus follows the step the person moved to (never on the page's first load).
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'heading') headingRef.current?.focus();
    else if (target === 'file') fileInputRef.current?.focus();
  }, [step]);

  // A preview still on its way is stopped when the section goes.
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);

  // Closing the page mid-import stops the upload: the browser asks first.
  const importing = step.name === 'importing';
  useEffect(() => {
    if (!importing) return;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [importing]);

  const tooBig = file !== null && maxBytes !== null && file.size > maxBytes;
  const limitWords = maxBytes === null ? '' : `Files up to ${formatBytes(maxBytes)}.`;

  /**
   * A preview still on its way is for a choice that has just changed: its answer is dropped. It is not stopped: the
   * server would read the file to its end all the same, and refuse the next preview while it does.
   */
  function dropPreview() {
    previewTurn.current += 1;
    setChecking(false);
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    dropPreview();
    chosenFile.current = chosen;
    setFile(chosen);
    setMapping(null);
    setError(null);
    if (!chosen) return;
    if (maxBytes !== null && chosen.size > maxBytes) {
      setError(`${chosen.name} is ${formatBytes(chosen.size)}. Files up to ${formatBytes(maxBytes)} can be imported.`);
      return;
    }
    const guess = await guessImportFormat(chosen);
    // Another file may have been chosen while this one was read.
    if (chosenFile.current === chosen) setFormat(guess);
  }

  async function runPreview(chosen: File, kind: ImportFormat, columns: CsvMapping | null) {
    const turn = (previewTurn.current += 1);
    setChecking(true);
    setError(null);
    setAnnouncement('Checking your file…');
    // One preview at a time: a newer choice waits for the one on its way, and only the newest is sent.
    for (let waiting = previewOnItsWay.current; waiting; waiting = previewOnItsWay.current) {
      await waiting;
      if (previewOnItsWay.current === waiting) previewOnItsWay.current = null;
      if (turn !== previewTurn.current) return;
    }
    const sending = sendImport(chosen, kind, { dryRun: true, mapping: columns, signal: leaving.current?.signal });
    const settled = sending.then(
      () => undefined,
      () => undefined,
    );
    previewOnItsWay.current = settled;
    try {
      const report = await sending;
      if (turn !== previewTurn.current) return;
      if (step.name !== 'preview') focusNext.current = 'heading';
      expected.current = report.toImport;
      setStep({ name: 'preview', report });
      setAnnouncement(
        report.toImport > 0
          ? `Preview ready: ${entriesWord(report.toImport)} can be imported.`
          : 'Preview ready: nothing in this file can be imported.',
      );
    } catch (failure) {
      if (turn !== previewTurn.current) return;
      setError(errorMessage(failure));
      setAnnouncement('');
    } finally {
      if (previewOnItsWay.current === settled) previewOnItsWay.current = null;
      if (turn === previewTurn.current) setChecking(false);
    }
  }

  function submitChoice(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || tooBig || checking) return;
    void runPreview(file, format, null);
  }

  function changeMapping(field: CsvField, column: string, current: CsvMapping) {
    if (!file) return;
    const next = { ...current, [field]: column || null };
    setMapping(next);
    void runPreview(file, 'csv', next);
  }

  function startOver() {
    dropPreview();
    chosenFile.current = null;
    setFile(null);
    setMapping(null);
    setError(null);
    setAnnouncement('');
    setInputKey((key) => key + 1);
    focusNext.current = 'file';
    setStep({ name: 'choose' });
  }

  async function runImport() {
    if (!file) return;
    focusNext.current = 'heading';
    setError(null);
    setStep({ name: 'importing', progress: null, expected: expected.current });
    setAnnouncement('Uploading your file…');
    let announcedImporting = false;
    try {
      const report = await sendImport(file, format, {
        dryRun: false,
        mapping,
        onProgress: (progress) => {
          if (progress.phase === 'import' && !announcedImporting) {
            announcedImporting = true;
            setAnnouncement('Importing your entries…');
          }
          setStep({ name: 'importing', progress, expected: expected.current });
        },
      });
      focusNext.current = 'heading';
      setStep({ name: 'done', report });
      setAnnouncement(`Import finished. Imported ${entriesWord(report.imported ?? report.toImport)}.`);
    } catch (failure) {
      focusNext.current = 'heading';
      setStep({ name: 'failed', message: errorMessage(failure) });
      setAnnouncement('');
    } finally {
      // Even a failed import may have written some days: the journal and its numbers are read again.
      await afterImport();
    }
  }

  return (
    <section className="card settings-section import-section" aria-labelledby="import-heading">
      <h2 id="import-heading">Bring in your writing</h2>
      <p className="muted">
        Add entries from a Gratitude Journal export, from Day One, or from a spreadsheet saved as CSV. You see what
        will come in before anything is written, and entries already in your journal are not added twice.
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      {step.name === 'choose' && (
        <form className="form" onSubmit={submitChoice} aria-busy={checking || undefined}>
          <div className="field">
            <label className="field-label" htmlFor={fileInputId}>
              File to import
            </label>
            <input
              key={inputKey}
              ref={fileInputRef}
              id={fileInputId}
              className="import-file"
              type="file"
              accept={IMPORT_ACCEPT}
              aria-describedby={hintId}
              aria-invalid={tooBig || undefined}
              onChange={(event) => void chooseFile(event)}
            />
            <p id={hintId} className="field-hint">
              A .json, .zip or .csv file. {limitWords}
            </p>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={formatId}>
              Where it comes from
            </label>
            <select
              id={formatId}
              className="field-input"
              value={format}
              onChange={(event) => {
                dropPreview();
                setFormat(event.target.value as ImportFormat);
              }}
            >
              {IMPORT_FORMATS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          {error && <Notice tone="error">{error}</Notice>}
          <div className="form-actions">
            <Button type="submit" busy={checking} disabled={!file || tooBig}>
              {checking ? 'Checking the file…' : 'Preview the import'}
            </Button>
          </div>
        </form>
      )}

      {step.name === 'preview' && file && (
        <PreviewStep
          report={step.report}
          fileName={file.name}
          mapping={mapping ?? step.report.csv?.mapping ?? null}
          checking={checking}
          error={error}
          headingRef={headingRef}
          onMappingChange={changeMapping}
          onImport={() => void runImport()}
          onCancel={startOver}
        />
      )}

      {step.name === 'importing' && (
        <ImportingStep step={step} fileName={file?.name ?? ''} headingRef={headingRef} progressLabelId={progressLabelId} />
      )}

      {step.name === 'done' && (
        <ResultStep report={step.report} headingRef={headingRef} progressLabelId={progressLabelId} onAgain={startOver} />
      )}

      {step.name === 'failed' && (
        <div className="import-step">
          <h3 ref={headingRef} tabIndex={-1}>
            The import did not finish
          </h3>
          <Notice tone="error">{step.message}</Notice>
          <div className="form-actions">
            <Button onClick={() => void runImport()}>Import again</Button>
            <Button variant="secondary" onClick={startOver}>
              Choose another file
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

function ImportingStep({
  step,
  fileName,
  headingRef,
  progressLabelId,
}: {
  step: Extract<Step, { name: 'importing' }>;
  fileName: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  progressLabelId: string;
}) {
  const { label, value, max } = progressShown(step);
  return (
    <div className="import-step">
      <h3 ref={headingRef} tabIndex={-1}>
        Importing {fileName}
      </h3>
      <p id={progressLabelId} className="import-progress-label">
        {label}
      </p>
      <progress className="import-progress" aria-labelledby={progressLabelId} max={max} value={value} />
      <p className="muted">Keep this page open until the import has finished.</p>
    </div>
  );
}

interface PreviewStepProps {
  report: ImportReport;
  fileName: string;
  mapping: CsvMapping | null;
  checking: boolean;
  error: string | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onMappingChange: (field: CsvField, column: string, current: CsvMapping) => void;
  onImport: () => void;
  onCancel: () => void;
}

function PreviewStep({
  report,
  fileName,
  mapping,
  checking,
  error,
  headingRef,
  onMappingChange,
  onImport,
  onCancel,
}: PreviewStepProps) {
  const fieldId = useId();
  const columns = report.csv?.columns ?? [];
  const nothing = report.toImport === 0;
  const needsDate = report.csv !== undefined && mapping?.date == null;

  return (
    <div className="import-step" aria-busy={checking || undefined}>
      <h3 ref={headingRef} tabIndex={-1}>
        Before you import
      </h3>
      <p className="import-file-name">
        <span className="muted">File:</span> <strong className="break-anywhere">{fileName}</strong>
      </p>

      {report.csv && mapping && (
        <fieldset className="import-mapping">
          <legend>Which column holds what?</legend>
          <p className="field-hint">Each change updates the preview below.</p>
          <div className="import-mapping-fields">
            {CSV_FIELDS.map((field) => (
              <div className="field" key={field}>
                <label className="field-label" htmlFor={`${fieldId}-${field}`}>
                  {FIELD_LABELS[field]}
                </label>
                <select
                  id={`${fieldId}-${field}`}
                  className="field-input"
                  value={mapping[field] ?? ''}
                  aria-invalid={(field === 'date' && needsDate) || undefined}
                  onChange={(event) => onMappingChange(field, event.target.value, mapping)}
                >
                  <option value="">{field === 'date' ? 'Choose a column' : 'Not imported'}</option>
                  {columns.map((column) => (
                    <option key={column} value={column}>
                      {column}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
        </fieldset>
      )}

      {error && <Notice tone="error">{error}</Notice>}

      <div className="import-summary">
        {nothing ? (
          !needsDate && (
            <Notice tone="info" announce={false}>
              <strong>Nothing in this file can be imported.</strong>
              {report.total > 0 && report.alreadyInJournal === report.total && (
                <>
                  {' '}
                  {report.total === 1
                    ? 'Its entry is already in your journal.'
                    : `All ${formatCount(report.total)} entries are already in your journal.`}
                </>
              )}
            </Notice>
          )
        ) : (
          <p className="import-headline">
            <strong>{entriesWord(report.toImport)}</strong> will be imported.{dateRange(report)}
          </p>
        )}
        <ul className="import-facts">
          <li>The file holds {entriesWord(report.total)}.</li>
          {report.alreadyInJournal > 0 && <li>{wereAlreadyThere(report.alreadyInJournal, 'are')}</li>}
          {report.refusedCount > 0 && (
            <li>
              {formatCount(report.refusedCount)} can't be imported; the reasons are below.
            </li>
          )}
        </ul>
        {report.notes.length > 0 && (
          <ul className="import-notes">
            {report.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
        <RefusedList refused={report.refused} count={report.refusedCount} />
      </div>

      <div className="form-actions">
        {nothing ? (
          <Button variant="secondary" onClick={onCancel}>
            Choose another file
          </Button>
        ) : (
          <>
            {/* While the preview is out of date (being redone, or refused for the new mapping) it cannot be imported. */}
            <Button onClick={onImport} disabled={checking || error !== null}>
              Import {entriesWord(report.toImport)}
            </Button>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

function ResultStep({
  report,
  headingRef,
  progressLabelId,
  onAgain,
}: {
  report: ImportReport;
  headingRef: RefObject<HTMLHeadingElement | null>;
  progressLabelId: string;
  onAgain: () => void;
}) {
  const imported = report.imported ?? report.toImport;
  return (
    <div className="import-step">
      <h3 ref={headingRef} tabIndex={-1}>
        Import finished
      </h3>
      <p id={progressLabelId} className="import-progress-label">
        All done
      </p>
      <progress className="import-progress" aria-labelledby={progressLabelId} max={1} value={1} />
      <Notice tone="success" announce={false}>
        Imported {entriesWord(imported)}.
        {report.refusedCount > 0 && <> {wereRefused(report.refusedCount)}</>}
        {report.alreadyInJournal > 0 && <> {wereAlreadyThere(report.alreadyInJournal, 'were')}</>}
      </Notice>
      <RefusedList refused={report.refused} count={report.refusedCount} />
      <div className="form-actions">
        {imported > 0 && (
          <Link className={buttonClassName('primary')} to={report.lastDate ? journalDayPath(report.lastDate) : paths.journal}>
            Open your journal
          </Link>
        )}
        <Button variant="secondary" onClick={onAgain}>
          Import another file
        </Button>
      </div>
    </div>
  );
}
