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
