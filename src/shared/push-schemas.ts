import { z } from 'zod';
import { PUSH_MESSAGES } from './messages';

/** A device's push subscription, as the browser's PushSubscription.toJSON() gives it (docs/product.md §14). */
export const MAX_ENDPOINT_LENGTH = 1000;
/** The devices a person may have with notifications; a new one past this replaces their oldest. */
export const MAX_PUSH_DEVICES = 10;

const base64url = /^[A-Za-z0-9_-]+$/;

/** The length in bytes of a base64url text without padding. */
const decodedLength = (text: string) => Math.floor((text.length * 3) / 4);

export const pushSubscriptionSchema = z
  .object({
    endpoint: z
      .string({ error: PUSH_MESSAGES.missingEndpoint })
      .max(MAX_ENDPOINT_LENGTH, { error: PUSH_MESSAGES.endpointTooLong }),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object(
        {
          // An uncompressed P-256 point: 65 bytes, 87 characters.
          p256dh: z
            .string({ error: PUSH_MESSAGES.invalidP256dh })
            .regex(base64url, { error: PUSH_MESSAGES.invalidP256dh })
            .refine((key) => key.length === 87 && decodedLength(key) === 65, { error: PUSH_MESSAGES.invalidP256dh }),
          // The authentication secret: 16 bytes, 22 characters.
          auth: z
            .string({ error: PUSH_MESSAGES.invalidAuth })
            .regex(base64url, { error: PUSH_MESSAGES.invalidAuth })
            .refine((key) => key.length === 22 && decodedLength(key) === 16, { error: PUSH_MESSAGES.invalidAuth }),
        },
        { error: PUSH_MESSAGES.missingKeys },
      )
      .strict(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** Turning notifications off on this device: its endpoint is what the browser knows it by. */
export const pushEndpointSchema = z.object({ endpoint: z.string().max(MAX_ENDPOINT_LENGTH) }).strict();

/** A device with notifications, as Settings lists it. */
export interface PushDevice {
  id: string;
  /** The browser and system it was added from, e.g. "Chrome on Android". */
  device: string;
  /** When it was added (UTC, ISO). */
  createdAt: string;
  /** The address its notifications go to: the page finds its own device among the others by it. */
  endpoint: string;
}

/** GET /api/reminders/devices. */
export interface PushDevices {
  /** Whether this server sends notifications at all (it has a VAPID_SUBJECT to give the push services). */
  available: boolean;
  /** The server's VAPID public key (applicationServerKey), base64url; null when not available. */
  publicKey: string | null;
  devices: PushDevice[];
}

/** POST /api/reminders/devices: the device added, and the one it replaced when there were already ten. */
export interface PushDeviceAdded {
  device: PushDevice;
  replaced: PushDevice | null;
}
