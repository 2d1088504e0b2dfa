import webpush from 'web-push';
import type { Knex } from 'knex';
import type { Conn } from '../ctx';
import type { OutboxJob } from './outbox';

/** The instance's VAPID key pair (base64url, as `web-push` and `PushManager.subscribe` take them). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The instance's own VAPID keys: made once, on the first start that asks, and kept in
 * `web_push_keys` (one row), so every API and worker process signs with the same pair and the
 * devices subscribed once stay reachable across restarts. Safe when two processes start at once:
 * the first insert wins and both read it back.
 */
export async function vapidKeys(knex: Conn): Promise<VapidKeys> {
  const read = () =>
    knex('webPushKeys').where({ id: 1 }).first('publicKey', 'privateKey') as Promise<VapidKeys | undefined>;
  const kept = await read();
  if (kept) return kept;
  const made = webpush.generateVAPIDKeys();
  await knex('webPushKeys')
    .insert({ id: 1, ...made })
    .onConflict('id')
    .ignore();
  return (await read())!;
}

/** What a push notification says; the service worker (apps/web/public/sw.js) shows it. */
export interface PushPayload {
  title: string;
  body: string;
  /** Opened when the notification is clicked (a path of the owner app). */
  url: string;
  /** The alert's idempotency key: a repeat replaces the notification instead of adding one. */
  tag: string;
}

/**
 * Whether `endpoint` is on one of `hosts` (a name or any of its subdomains): the push services
 * browsers use. Anything else is a made-up address the server must not post to.
 */
export function pushHostAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** The push service no longer knows the subscription (404 or 410): it is removed, never retried. */
export class PushGoneError extends Error {}

/** A push service refused or failed; `retryable` unless it said the request itself is wrong. */
export class PushError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface PushSubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  send(
    subscription: PushSubscriptionRow,
    payload: PushPayload,
    opts: { urgent: boolean },
  ): Promise<{ providerId: string | null }>;
}

/**
 * Sends through the subscription's push service: `web-push` encrypts the payload for the device
 * (RFC 8291, aes128gcm) and signs the request with the instance's VAPID keys (RFC 8292); the
 * request itself goes out with fetch. The keys are read once, on the first push. Urgent alerts
 * ask the push service to wake the device (`Urgency: high`); any expires after a day undelivered.
 */
export function webPushSender(deps: {
  knex: Knex;
  subject: string;
  /** The push services it posts to (config WEB_PUSH_HOSTS); a row on any other host is gone. */
  hosts: readonly string[];
  timeoutMs?: number;
}): PushSender {
  let keys: Promise<VapidKeys> | null = null;
  return {
    async send(subscription, payload, opts) {
      // Kept before the rule, or the rule narrowed since: never posted to, removed like a gone one.
      if (!pushHostAllowed(subscription.endpoint, deps.hosts))
        throw new PushGoneError('push service not among WEB_PUSH_HOSTS');
      keys ??= vapidKeys(deps.knex).catch((err: unknown) => {
        keys = null;
        throw err;
      });
      const { publicKey, privateKey } = await keys;
      const request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: deps.subject, publicKey, privateKey },
          TTL: 24 * 60 * 60,
          urgency: opts.urgent ? 'high' : 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(deps.timeoutMs ?? 15_000),
      });
      const body = (await res.text()).slice(0, 300);
      if (res.ok) return { providerId: res.headers.get('location') };
      if (res.status === 404 || res.status === 410)
        throw new PushGoneError(`push subscription gone (${res.status})`);
      // 429 and 5xx are the push service's trouble: try again later. Other 4xx will not change.
      const retryable = res.status === 429 || res.status >= 500;
      throw new PushError(`push service answered ${res.status}: ${body}`, retryable);
    },
  };
}

/**
 * The push rows of one alert, one per device the owner subscribed (none without a device): the
 * same alert as their e-mail and SMS, with the same `urgent`, report and message, keyed per
 * device (`<key>-push-<subscription id>`) so none is sent twice.
 */
export async function pushJobs(
  conn: Conn,
  alert: Omit<OutboxJob, 'channel' | 'to' | 'idempotencyKey' | 'text'> & {
    key: string;
    payload: Omit<PushPayload, 'tag'>;
  },
): Promise<OutboxJob[]> {
  const { key, payload, ...job } = alert;
  const devices = (await conn('pushSubscriptions').where({ userId: job.userId }).select('id')) as {
    id: string;
  }[];
  return devices.map((d) => {
    const idempotencyKey = `${key}-push-${d.id}`;
    return {
      ...job,
      channel: 'push' as const,
      to: d.id,
      title: payload.title,
      text: payload.body,
      url: payload.url,
      idempotencyKey,
    };
  });
}
