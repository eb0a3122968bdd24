import { useId, useMemo, useState, type FormEvent } from 'react';
import { REMINDER_MESSAGES } from '../../../../shared/messages';
import type { ReminderSettings, Weekday } from '../../../../shared/reminder-schemas';
import { errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { Switch } from '../../../ui/Switch';
import { TextField } from '../../../ui/TextField';
import { useReminderSettings, useSaveReminderSettings } from '../api';
import { NotificationsOnThisDevice } from './NotificationsOnThisDevice';
import { browserTimeZone, describeMoment, timeNowIn, timeZoneChoices } from '../time-zones';
import '../../../styles/reminders.css';

/** The week as the form lists it, Monday first, with the names a screen reader says. */
const WEEK: readonly { day: Weekday; short: string; name: string }[] = [
  { day: 'mon', short: 'Mon', name: 'Monday' },
  { day: 'tue', short: 'Tue', name: 'Tuesday' },
  { day: 'wed', short: 'Wed', name: 'Wednesday' },
  { day: 'thu', short: 'Thu', name: 'Thursday' },
  { day: 'fri', short: 'Fri', name: 'Friday' },
  { day: 'sat', short: 'Sat', name: 'Saturday' },
  { day: 'sun', short: 'Sun', name: 'Sunday' },
];

/** What the form last heard; `announce` is off for what was already there when the page opened. */
type Status = { tone: 'success' | 'error'; text: string; announce: boolean } | null;

function savedStatus(saved: ReminderSettings): Status {
  if (!saved.enabled || (!saved.nextAt && !saved.monthlyAt) || !saved.timeZone) {
    return { tone: 'success', text: 'Saved. Reminders are off.', announce: true };
  }
  return { tone: 'success', text: `Saved. ${nextOnes(saved, saved.timeZone)}`, announce: true };
}

/** When the next reminder comes, and the next monthly look back email when it is on. */
function nextOnes(saved: ReminderSettings, timeZone: string): string {
  const next = saved.nextAt ? `Your next reminder: ${describeMoment(saved.nextAt, timeZone)}.` : '';
  const monthly = saved.monthlyAt ? `Your next monthly look back email: ${describeMoment(saved.monthlyAt, timeZone)}.` : '';
  return [next, monthly].filter(Boolean).join(' ');
}

/**
 * "Reminders" (docs/product.md §14): a daily email, notifications on the person's devices, or both, on the chosen
 * weekdays at a time of the person's own day, sent only if that day's entry is not written yet, and if they like, an
 * email on the first of each month that their look back is ready. The zone starts as the browser's; saving shows when
 * the next one comes.
 */
export function RemindersSection() {
  const settings = useReminderSettings();
  return (
    <section className="card settings-section" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading">Reminders</h2>
      <p className="muted">
        A short nudge with the quote of the day, at a time of your day, on the days you pick: by email, as a
        notification on your devices, or both.
      </p>
      {settings.isPending ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : settings.isError ? (
        <div className="reminders-load-error">
          <Notice tone="error">{REMINDER_MESSAGES.loadFailed}</Notice>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <>
          <RemindersForm saved={settings.data} />
          <NotificationsOnThisDevice />
        </>
      )}
    </section>
  );
}

function RemindersForm({ saved }: { saved: ReminderSettings }) {
  const save = useSaveReminderSettings();
  const zoneId = useId();
  const zoneHintId = `${zoneId}-hint`;
  const [enabled, setEnabled] = useState(saved.enabled);
  const [email, setEmail] = useState(saved.email);
  const [monthlyEmail, setMonthlyEmail] = useState(saved.monthlyEmail);
  const [time, setTime] = useState(saved.time);
  const [days, setDays] = useState<ReadonlySet<Weekday>>(() => new Set(saved.days));
  const [timeZone, setTimeZone] = useState(() => saved.timeZone ?? browserTimeZone());
  const [status, setStatus] = useState<Status>(() =>
    saved.enabled && (saved.nextAt || saved.monthlyAt) && saved.timeZone
      ? { tone: 'success', text: nextOnes(saved, saved.timeZone), announce: false }
      : null,
  );
  const zones = useMemo(() => timeZoneChoices(timeZone), [timeZone]);
  const now = timeNowIn(timeZone);

  /** Any change makes the last status stale: what shows is no longer what was saved. */
  function changed<T>(set: (value: T) => void): (value: T) => void {
    return (value) => {
      set(value);
      setStatus(null);
    };
  }

  function toggleDay(day: Weekday, on: boolean) {
    const next = new Set(days);
    if (on) next.add(day);
    else next.delete(day);
    changed(setDays)(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (enabled && days.size === 0) {
      setStatus({ tone: 'error', text: REMINDER_MESSAGES.noDays, announce: true });
      return;
    }
    const chosenDays = WEEK.map(({ day }) => day).filter((day) => days.has(day));
    save.mutate(
      { enabled, time, days: chosenDays, timeZone, email, monthlyEmail },
      {
        onSuccess: (answer) => setStatus(savedStatus(answer)),
        onError: (error) =>
          setStatus({ tone: 'error', text: `${REMINDER_MESSAGES.saveFailed}: ${errorMessage(error)}`, announce: true }),
      },
    );
  }

  return (
    <form className="form reminders-form" onSubmit={handleSubmit}>
      <Switch
        label="Daily reminder"
        description="Only on days you have not written yet"
        checked={enabled}
        disabled={save.isPending}
        onChange={changed(setEnabled)}
      />
      {enabled && (
        <>
          <Switch
            label="By email"
            description="Notifications on a device are turned on below, on that device"
            checked={email}
            disabled={save.isPending}
            onChange={changed(setEmail)}
          />
          <Switch
            label="Monthly look back by email"
            description="On the first of the month, when last month has entries: its counts and a link, never your words"
            checked={monthlyEmail}
            disabled={save.isPending}
            onChange={changed(setMonthlyEmail)}
          />
          <TextField
            label="Time"
            type="time"
            name="reminderTime"
            required
            className="reminders-time"
            value={time}
            onChange={(event) => changed(setTime)(event.target.value)}
          />
          <fieldset className="reminders-days">
            <legend className="field-label">Days</legend>
            <div className="reminders-day-list">
              {WEEK.map(({ day, short, name }) => (
                <label key={day} className="reminders-day">
                  <input
                    type="checkbox"
                    name="reminderDays"
                    value={day}
                    checked={days.has(day)}
                    onChange={(event) => toggleDay(day, event.target.checked)}
                  />
                  <span aria-hidden="true">{short}</span>
                  <span className="visually-hidden">{name}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field reminders-zone">
            <label className="field-label" htmlFor={zoneId}>
              Time zone
            </label>
            <select
              id={zoneId}
              className="field-input"
              value={timeZone}
              aria-describedby={now ? zoneHintId : undefined}
              onChange={(event) => changed(setTimeZone)(event.target.value)}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
            {now && (
              <p id={zoneHintId} className="field-hint">
                It is {now} there now.
              </p>
            )}
          </div>
        </>
      )}
      <div className="form-actions">
        <Button type="submit" busy={save.isPending}>
          Save Reminders
        </Button>
      </div>
      {status && (
        <Notice tone={status.tone} announce={status.announce}>
          {status.text}
        </Notice>
      )}
    </form>
  );
}
