import { useCopyProgress } from '../../../lib/persistence/journal-copy';

const count = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * What this device keeps of the journal for reading offline (docs/product.md §10): the copy the journal fills in the
 * background after it opens, and how far it has come.
 */
export function OfflineCopySection({ userId }: { userId: string }) {
  const { held, total } = useCopyProgress(userId);
  let status: string;
  if (total !== null && held < total) status = `Copying your journal to this device: ${count(held)} of ${count(total)}.`;
  else if (held > 0) status = `This device keeps your whole journal for reading offline: ${count(held)}.`;
  else status = 'Your journal is copied to this device for reading offline once you open it with a connection.';
  return (
    <section className="card settings-section" aria-labelledby="offline-copy-heading">
      <h2 id="offline-copy-heading">On this device</h2>
      <p className="muted" role="status">
        {status}
      </p>
    </section>
  );
}
