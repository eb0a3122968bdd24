import { useState, type FormEvent } from 'react';
import { REMINDER_MESSAGES } from '../../../../shared/messages';
import { DEFAULT_REMINDER_TIME, WEEKDAYS } from '../../../../shared/reminder-schemas';
import { errorMessage } from '../../../lib/api';
import { useConnectionState } from '../../../lib/connection/connection-state';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { Switch } from '../../../ui/Switch';
import { TextField } from '../../../ui/TextField';
import { useReminderSettings, useSaveReminderSettings } from '../api';
import { browserTimeZone, describeMoment } from '../time-zones';
import { NotificationsOnThisDevice } from './NotificationsOnThisDevice';
import '../../../styles/reminders.css';

/**
 * The welcome's reminder step (docs/product.md §4): a daily reminder at a time of the writer's day, every day, sent
 * only on days not yet written, by email and/or as a notification on this device (its switch asks the browser's
 * permission from the writer's tap); Settings picks the days and the zone. It needs the server: offline it says so,
 * and the choice waits for Settings or the next visit.
 */
export function WelcomeReminder() {
  const settings = useReminderSettings();
  const save = useSaveReminderSettings();
  const offline = useConnectionState() === 'offline';
  const [time, setTime] = useState<string | null>(null);
  const [byEmail, setByEmail] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const saved = save.data ?? settings.data;
  const shown = time ?? saved?.time ?? DEFAULT_REMINDER_TIME;
  const email = byEmail ?? saved?.email ?? true;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    save.mutate(
      // Every day, in the device's zone (or the one chosen before in Settings).
      { enabled: true, time: shown, days: [...WEEKDAYS], timeZone: saved?.timeZone ?? browserTimeZone(), email },
      { onError: (error) => setProblem(`${REMINDER_MESSAGES.saveFailed}: ${errorMessage(error)}`) },
    );
  }

  const next =
    saved?.enabled && saved.nextAt && saved.timeZone ? describeMoment(saved.nextAt, saved.timeZone) : null;
  return (
    <form className="form welcome-reminder" onSubmit={handleSubmit}>
      <TextField
        label="Remind me at"
        type="time"
        name="welcomeReminderTime"
        required
        className="reminders-time"
        value={shown}
        disabled={save.isPending}
        onChange={(event) => {
          setTime(event.target.value);
          save.reset();
        }}
      />
      <Switch
        label="By email"
        checked={email}
        disabled={save.isPending || offline}
        onChange={(on) => {
          setByEmail(on);
          save.reset();
        }}
      />
      {!offline && <NotificationsOnThisDevice />}
      <div className="form-actions">
        <Button type="submit" variant="secondary" busy={save.isPending} disabled={offline}>
          Remind me at this time
        </Button>
      </div>
      {offline ? (
        <Notice tone="info">
          You are offline. A reminder can be set once you are back online, here or in Settings.
        </Notice>
      ) : problem ? (
        <Notice tone="error">{problem}</Notice>
      ) : save.isSuccess && next ? (
        <Notice tone="success">Your reminder is set. The next one: {next}.</Notice>
      ) : next && time === null ? (
        <p className="muted">Your reminder is on. The next one: {next}.</p>
      ) : null}
    </form>
  );
}
