import { useCopyProgress } from '../../../lib/persistence/journal-copy';

const count = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * What this device keeps of the journal for reading offline (docs/product.md §10): the copy the journal fills in the
 * background after it opens, and how far it has come.
 */
export function OfflineCopySection({ userId }: { userId: string }) {
  const { held, total, whole } = useCopyProgress(userId);
  let status: string;
  if (whole && held === 0) status = 'Your journal has no entries yet: once it has, this device keeps them for reading offline.';
  else if (whole) status = `This device keeps your whole journal for reading offline: ${count(held)}.`;
  else if (total !== null) {
    status = `Copying your journal to this device: ${held.toLocaleString('en-GB')} of ${count(total)}.`;
  } else if (held > 0) status = `Copying your journal to this device: ${count(held)} so far.`;
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
