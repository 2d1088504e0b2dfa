import { z } from 'zod';

// Web Push to an owner's devices (`/api/push/public-key`, `/api/users/me/push-devices`): the
// subscription a browser's PushManager gives, and the devices Settings lists.

export const PUSH_MESSAGES = {
  badSubscription: 'This browser gave a push subscription that cannot be used',
  badEndpoint: 'Push endpoints must be https addresses',
  unknownService: "This browser's push service is not one this instance sends to",
  tooManyDevices: 'You can be notified on at most 20 devices. Remove one in Settings first.',
  deviceNotFound: 'Device not found',
} as const;

/** How many devices one owner may have notified at once. */
export const PUSH_DEVICES_MAX = 20;

const base64url = (bytes: number) =>
  z
    .string({ error: PUSH_MESSAGES.badSubscription })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.badSubscription)
    .refine(
      (v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes,
      PUSH_MESSAGES.badSubscription,
    );

/** `PushSubscription.toJSON()`: where to push, and the device's keys for RFC 8291 encryption. */
export const pushSubscriptionRequest = z.object({
  endpoint: z.url({ error: PUSH_MESSAGES.badSubscription }).max(2000, PUSH_MESSAGES.badSubscription),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The device's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The shared authentication secret (16 bytes). */
    auth: base64url(16),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

export const pushDevice = z.object({
  id: z.string(),
  /** "Chrome on Android", or "Unknown device". */
  device: z.string(),
  createdAt: z.string(),
  lastPushedAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDevice>;
export const pushDeviceList = z.object({ devices: z.array(pushDevice) });
