import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDeviceAdded, PushDevices, PushSubscriptionInput } from '../../../shared/push-schemas';
import type { ReminderSettings, ReminderSettingsInput } from '../../../shared/reminder-schemas';
import { apiRequest } from '../../lib/api';
import { usePersonalDataAllowed } from '../../lib/session/auth-context';

export const reminderKeys = { settings: ['reminders'] as const, devices: ['reminders', 'devices'] as const };

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

/**
 * The one-click unsubscribe of a reminder email's link (POST /api/reminders/unsubscribe); no session needed. The
 * monthly look-back email's link turns off that email alone (`monthly`).
 */
export function unsubscribeFromReminders(token: string, monthly = false): Promise<{ ok: true }> {
  const which = monthly ? '&email=monthly' : '';
  return apiRequest<{ ok: true }>('POST', `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}${which}`, {});
}

/** The person's devices with notifications, and the server's key for adding this one (GET /api/reminders/devices). */
export function usePushDevices() {
  return useQuery({
    queryKey: reminderKeys.devices,
    queryFn: () => apiRequest<PushDevices>('GET', '/api/reminders/devices'),
    enabled: usePersonalDataAllowed(),
  });
}

/** Adds this device (POST /api/reminders/devices); the list is read again, as the oldest may have given way. */
export function useAddPushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscription: PushSubscriptionInput) =>
      apiRequest<PushDeviceAdded>('POST', '/api/reminders/devices', subscription),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reminderKeys.devices }),
  });
}

/** Removes a device, by its id from the list or by this browser's endpoint. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (by: { id: string } | { endpoint: string }) =>
      'id' in by
        ? apiRequest<{ ok: true }>('DELETE', `/api/reminders/devices/${encodeURIComponent(by.id)}`)
        : apiRequest<{ ok: true }>('POST', '/api/reminders/devices/remove', by),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reminderKeys.devices }),
  });
}
