import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { REMINDER_MESSAGES } from '../../../../shared/messages';
import { ApiError, errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount';
import { usePageTitle } from '../../../lib/use-page-title';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { unsubscribeFromReminders } from '../api';
import '../../../styles/reminders.css';

type State = 'confirm' | 'sending' | 'done' | 'invalid' | { failed: string };

/**
 * /reminders/unsubscribe?token=[&email=monthly]: where the link in a reminder email, or in a monthly look back email,
 * leads, signed in or not (docs/product.md §14).
 * Opening it changes nothing: mail scanners open links ahead of people. The button sends the POST that unsubscribes,
 * the same one a mail program's own unsubscribe button sends.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe from Reminders');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  // The monthly look-back email's link: it turns off that email alone.
  const monthly = searchParams.get('email') === 'monthly';
  const [state, setState] = useState<State>(token ? 'confirm' : 'invalid');
  const resultRef = useFocusOnMount<HTMLDivElement>(state === 'done' || state === 'invalid');

  async function unsubscribe() {
    if (!token) return;
    setState('sending');
    try {
      await unsubscribeFromReminders(token, monthly);
      setState('done');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setState('invalid');
      else setState({ failed: `${REMINDER_MESSAGES.unsubscribeFailed} ${errorMessage(error)}` });
    }
  }

  const settingsLink = (
    <Link to={paths.settings} className="text-link">
      Settings
    </Link>
  );

  return (
    <div className="page-narrow">
      <section className="card auth-card unsubscribe-card" aria-labelledby="unsubscribe-heading">
        <h1 id="unsubscribe-heading">Unsubscribe from Reminders</h1>
        {state === 'done' ? (
          <div ref={resultRef} tabIndex={-1} className="unsubscribe-result">
            <Notice tone="success">
              You are unsubscribed. {monthly ? REMINDER_MESSAGES.unsubscribedMonthly : REMINDER_MESSAGES.unsubscribed}
            </Notice>
            <p>You can turn them on again at any time in {settingsLink}.</p>
          </div>
        ) : state === 'invalid' ? (
          <div ref={resultRef} tabIndex={-1} className="unsubscribe-result">
            <Notice tone="error">{REMINDER_MESSAGES.invalidUnsubscribeLink}</Notice>
            <p>Open {settingsLink} to see your reminders.</p>
          </div>
        ) : (
          <>
            {monthly ? (
              <p>
                Stop the monthly look back emails for this account? Nothing else changes: your daily reminders, your
                journal and your other emails stay as they are, and you can turn them on again at any time in Settings.
              </p>
            ) : (
              <p>
                Stop the daily reminder emails for this account? Nothing else changes: your journal and your other
                emails stay as they are, and you can turn reminders on again at any time in Settings.
              </p>
            )}
            {typeof state === 'object' && <Notice tone="error">{state.failed}</Notice>}
            <div className="form-actions">
              <Button busy={state === 'sending'} onClick={() => void unsubscribe()}>
                Unsubscribe
              </Button>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
