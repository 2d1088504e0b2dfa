import type { PushDevice } from '@homing/shared';
import { api } from '../../api';

// "Notify me on this device": the owner app's service worker (public/sw.js) and the Push API.

const DEVICE_KEY = 'homing.pushDevice';

/** Whether this browser can receive pushes at all (a secure page with a service worker and the Push API). */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  window.isSecureContext &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  typeof Notification !== 'undefined';

/** The service worker that shows pushes; registered once per page. */
export const serviceWorker = () =>
  navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready);

/** `PushManager.subscribe` wants the key as bytes. */
function keyBytes(base64url: string) {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** The id of the device row this browser registered (to mark "This device" in the list). */
export const thisDeviceId = () => {
  try {
    return localStorage.getItem(DEVICE_KEY);
  } catch {
    return null;
  }
};
const rememberDevice = (id: string | null) => {
  try {
    if (id) localStorage.setItem(DEVICE_KEY, id);
    else localStorage.removeItem(DEVICE_KEY);
  } catch {
    // storage disabled: the list cannot mark this device, nothing else changes
  }
};

export type SubscribeOutcome =
  | { ok: true; device: PushDevice }
  | { ok: false; reason: 'unsupported' | 'denied' | 'unreachable' | 'failed'; message?: string };

/**
 * Asks for permission, subscribes this browser with the instance's VAPID key and registers the
 * subscription with the API (the owner's devices).
 */
export async function subscribeThisDevice(): Promise<SubscribeOutcome> {
  if (!pushSupported()) return { ok: false, reason: 'unsupported' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: 'denied' };
  const key = await api.get<{ publicKey: string }>('/api/push/public-key', { auth: false });
  if (!key.success) return { ok: false, reason: 'failed' };
  try {
    const registration = await serviceWorker();
    let subscription = await registration.pushManager.getSubscription();
    try {
      subscription ??= await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key.data.publicKey),
      });
    } catch (err) {
      // The browser's push service refused or could not be reached (a browser without one, such
      // as headless Chromium, ends here): the browser's own words go in the detail.
      return { ok: false, reason: 'unreachable', message: err instanceof Error ? err.message : undefined };
    }
    const saved = await api.post<{ device: PushDevice }>('/api/users/me/push-devices', subscription.toJSON());
    if (!saved.success) return { ok: false, reason: 'failed', message: saved.error ?? undefined };
    rememberDevice(saved.data.device.id);
    return { ok: true, device: saved.data.device };
  } catch (err) {
    return { ok: false, reason: 'failed', message: err instanceof Error ? err.message : undefined };
  }
}

/** Stops pushing to a device; for this browser, also drops its subscription. */
export async function removeDevice(id: string) {
  const result = await api.delete<{ removed: boolean }>(
    `/api/users/me/push-devices/${encodeURIComponent(id)}`,
  );
  if ((result.success || result.status === 404) && id === thisDeviceId()) {
    rememberDevice(null);
    if (pushSupported()) {
      const registration = await navigator.serviceWorker.getRegistration('/');
      await (await registration?.pushManager.getSubscription())?.unsubscribe().catch(() => false);
    }
  }
  return result;
}

export const listDevices = () => api.get<{ devices: PushDevice[] }>('/api/users/me/push-devices');
