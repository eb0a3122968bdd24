import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { localDatabase } from '../../../lib/persistence/local-database';
import { useAuth } from '../../../lib/session/auth-context';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Notice } from '../../../ui/Notice';
import { PasswordField } from '../../../ui/PasswordField';
import { removeAccount } from '../api';

/**
 * "Delete Account": behind the current password and a question that says what goes and offers the download first.
 * Once the server has removed everything, this device forgets the journal too: its cache, and the outbox of writes
 * that could no longer be sent anywhere.
 */
export function DeleteAccountSection({ userId }: { userId: string }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password) setAsking(true);
  }

  async function deleteAccount() {
    setBusy(true);
    setError(null);
    try {
      await removeAccount(password);
    } catch (failure) {
      setBusy(false);
      setAsking(false);
      setError(errorMessage(failure));
      return;
    }
    await localDatabase.remove(`outbox:${userId}`);
    await signOut();
    navigate(paths.home, { replace: true });
  }

  return (
    <section className="card settings-section" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">Delete Account</h2>
      <p className="muted">Remove your account and everything you have written, for good.</p>
      {error && <Notice tone="error">{error}</Notice>}
      <form className="form" onSubmit={ask}>
        <PasswordField
          label="Your password, to confirm"
          purpose="current"
          name="delete-account-password"
          value={password}
          onChange={setPassword}
        />
        <div className="form-actions">
          <Button type="submit" variant="danger" disabled={!password}>
            Delete Account
          </Button>
        </div>
      </form>
      <Dialog
        open={asking}
        title="Delete your account?"
        onClose={() => setAsking(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void deleteAccount()}>
              Delete my account
            </Button>
          </>
        }
      >
        <p>
          This removes your account, your profile, every journal entry and its statistics, and any email waiting to
          be sent. It cannot be undone.
        </p>
        <p>
          <a href="/api/export?format=json" download>
            Download your journal first
          </a>
        </p>
      </Dialog>
    </section>
  );
}
