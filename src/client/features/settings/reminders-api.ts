import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings, ReminderSettingsInput } from '../../../shared/reminder-schemas';
import { apiRequest } from '../../lib/api';
import { usePersonalDataAllowed } from '../../lib/session/auth-context';

export const reminderKeys = { settings: ['reminders'] as const };

/** The signed-in person's reminder settings (GET /api/reminders). */
export function useReminderSettings() {
  return useQuery({
    queryKey: reminderKeys.settings,
    queryFn: () => apiRequest<ReminderSettings>('GET', '/api/reminders'),
    enabled: usePersonalDataAllowed(),
  });
}

/** Saves them whole (PUT /api/reminders); the answer, with the next reminder's time, replaces the cached settings. */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettingsInput) => apiRequest<ReminderSettings>('PUT', '/api/reminders', settings),
    onSuccess: (saved) => queryClient.setQueryData(reminderKeys.settings, saved),
  });
}

/** The one-click unsubscribe of a reminder email's link (POST /api/reminders/unsubscribe); no session needed. */
export function unsubscribeFromReminders(token: string): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('POST', `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, {});
}

/** The browser's own time zone, the one offered until the person picks another. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The zones to choose from: the browser's list, with UTC (which some browsers leave out) and the zone already chosen,
 * should the browser not list it under that name (an older name of the same zone, say).
 */
export function timeZoneChoices(chosen: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return [...new Set([...zones, 'UTC', chosen])].sort((a, b) => a.localeCompare(b));
}

/** "Monday, March 16 at 8:00 AM" in the zone, for the next reminder. */
export function describeMoment(iso: string, timeZone: string): string {
  try {
    const moment = new Date(iso);
    const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(moment);
    const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(moment);
    return `${day} at ${time}`;
  } catch {
    return new Date(iso).toLocaleString();
  }
}

/** The time now in the zone, "2:05 PM", so that a person can check they picked the right one. */
export function timeNowIn(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date());
  } catch {
    return null;
  }
}
