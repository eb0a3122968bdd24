import { useEffect, useState } from 'react';
import { MAX_PUSH_DEVICES, type PushDevice } from '../../../../shared/push-schemas';
import { errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { Switch } from '../../../ui/Switch';
import { useAddPushDevice, usePushDevices, useRemovePushDevice } from '../api';
import { currentSubscription, pushSupport, subscribeThisBrowser, unsubscribeThisBrowser, type PushSupport } from '../push';

const ADDED = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

function added(device: PushDevice): string {
  return `added ${ADDED.format(new Date(device.createdAt))}`;
}

type Status = { tone: 'success' | 'info' | 'error'; text: string } | null;

/**
 * Notifications on this device, and the list of every device that has them (docs/product.md §14). The browser's
 * permission is asked only when the person turns the switch on; a refusal from before, or an iPhone outside the
 * Home Screen app, gets plain words instead of a switch that would do nothing.
 */
export function NotificationsOnThisDevice() {
  const devices = usePushDevices();
  const addDevice = useAddPushDevice();
  const removeDevice = useRemovePushDevice();
  const [support, setSupport] = useState<PushSupport>(() => pushSupport());
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  useEffect(() => {
    let live = true;
    void currentSubscription()
      .then((subscription) => {
        if (live) setEndpoint(subscription?.endpoint ?? null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (devices.isPending || devices.isError || !devices.data.available) return null;
  const { publicKey, devices: list } = devices.data;
  const thisDevice = list.find((device) => device.endpoint === endpoint);

  async function turnOn() {
    if (!publicKey) return;
    setBusy(true);
    setStatus(null);
    try {
      const subscription = await subscribeThisBrowser(publicKey);
      if (subscription === 'denied') {
        // Refused now: the words about the browser's settings. Dismissed: they stay off, and the switch asks again.
        setSupport(pushSupport());
        if (Notification.permission !== 'denied') {
          setStatus({ tone: 'info', text: 'Notifications stay off: the browser was not given permission to show them.' });
        }
        return;
      }
      const answer = await addDevice.mutateAsync(subscription);
      setEndpoint(answer.device.endpoint);
      setStatus({
        tone: 'success',
        text: answer.replaced
          ? `Notifications are on for this device. ${answer.replaced.device}, ${added(answer.replaced)}, no longer gets them: ${MAX_PUSH_DEVICES} devices at most.`
          : 'Notifications are on for this device.',
      });
    } catch (error) {
      setStatus({ tone: 'error', text: `Notifications could not be turned on: ${errorMessage(error)}` });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setStatus(null);
    try {
      const gone = (await unsubscribeThisBrowser()) ?? thisDevice?.endpoint;
      if (gone) await removeDevice.mutateAsync({ endpoint: gone }).catch(() => undefined);
      setEndpoint(null);
      setStatus({ tone: 'success', text: 'Notifications are off for this device.' });
    } catch (error) {
      setStatus({ tone: 'error', text: `Notifications could not be turned off: ${errorMessage(error)}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="reminders-devices">
      {support === 'ready' && (
        <Switch
          label="Notifications on this device"
          description="At your reminder time, on days you have not written yet"
          checked={thisDevice !== undefined}
          disabled={busy}
          onChange={(on) => void (on ? turnOn() : turnOff())}
        />
      )}
      {support === 'denied' && (
        <Notice tone="info">
          Notifications are blocked for this journal in your browser. To get them, open this site’s settings (the icon
          beside the address), allow Notifications, then come back here and turn them on.
        </Notice>
      )}
      {support === 'home-screen' && (
        <div className="reminders-ios">
          <p className="switch-label">Notifications on this iPhone or iPad</p>
          <p className="muted">
            On iPhone and iPad, notifications come only to the journal added to your Home Screen (iOS 16.4 or later):
          </p>
          <ol className="reminders-steps">
            <li>Tap Share, then Add to Home Screen.</li>
            <li>Open Gratitude Journal from your Home Screen.</li>
            <li>Come back to Settings, Reminders, and turn on notifications there.</li>
          </ol>
        </div>
      )}
      {support === 'unsupported' && (
        <p className="muted">This browser cannot show notifications from the journal; your reminders come by email.</p>
      )}
      {status && (
        <Notice tone={status.tone} announce>
          {status.text}
        </Notice>
      )}
      {list.length > 0 && (
        <div className="reminders-device-list">
          <h3 className="field-label">Devices with notifications</h3>
          <ul>
            {list.map((device) => (
              <li key={device.id} className="reminders-device">
                <span>
                  {device.device}
                  {device.endpoint === endpoint ? ' (this device)' : ''}
                  <span className="muted">, {added(device)}</span>
                </span>
                <Button
                  variant="secondary"
                  disabled={removeDevice.isPending || busy}
                  aria-label={`Remove ${device.device}, ${added(device)}`}
                  onClick={() => {
                    if (device.endpoint === endpoint) void turnOff();
                    else removeDevice.mutate({ id: device.id });
                  }}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <p className="field-hint">
            Up to {MAX_PUSH_DEVICES} devices; adding another turns them off on the one added first.
          </p>
        </div>
      )}
    </div>
  );
}
