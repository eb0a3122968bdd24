import { buttonClassName } from '../../ui/Button';

/**
 * "Your data": the whole journal as a download, made by the server as it is read (GET /api/export). The same
 * addresses work with the session cookie from a script, for backups of one's own.
 */
export function DataSection() {
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
      </div>
    </section>
  );
}
