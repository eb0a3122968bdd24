import type { PushSubscriptionInput } from '../../../shared/push-schemas';
import { currentMobilePlatform, isRunningInstalled } from '../../lib/mobile-install';

/**
 * What this browser can do about notifications (docs/product.md §14):
 * - 'ready': it can show them; the person has not refused them.
 * - 'denied': the person refused them for this site before; only the browser's settings can undo that.
 * - 'home-screen': iPhone or iPad in Safari, where web notifications come only to the app added to the Home Screen.
 * - 'unsupported': no notifications in this browser.
 */
export type PushSupport = 'ready' | 'denied' | 'home-screen' | 'unsupported';

export function pushSupport(): PushSupport {
  const capable = typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (currentMobilePlatform() === 'ios' && !isRunningInstalled()) return 'home-screen';
  if (!capable) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'ready';
}

/** The base64url key the server signs with, as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported' || pushSupport() === 'home-screen') return null;
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/**
 * Asks the browser's permission (from the person's tap only) and subscribes this browser with the server's key.
 * 'denied' when the person refused, or had refused before.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionInput | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Ends this browser's subscription; its endpoint, for the server to forget it too. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
