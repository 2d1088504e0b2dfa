import type { FoundReportPayload, ScanPayload } from './clientInfo';

// The finder page's calls, on plain fetch (same origin: the API serves this page). Results are
// values, not exceptions, so every screen decides what a failure looks like in its language.

export interface PublicItem {
  id: string;
  name: string;
  description: string | null;
  photoUrl: string | null;
  itemType: { id: string; icon: string; displayName: string } | null;
  /** Lost mode (PRODUCT.md, Lost mode): the owner's message to finders; absent or null when not lost. */
  lost?: { since: string; message: string; reward: string; stolen: boolean } | null;
}

export interface ItemView {
  item: PublicItem | null;
  /** Sent only when the owner's own session is on this device. */
  viewerIsOwner: boolean;
  openReportCount: number;
}

/** `code`: the server's error id (`label_unattached`: no item, but the label's owner can be written to). */
export type Failure = { ok: false; status: number; message: string | null; code?: string };
export type Result<T> = ({ ok: true } & T) | Failure;

/** The owner's session of the main app, if this browser has one (shared localStorage key). */
function sessionToken(): string | null {
  try {
    return localStorage.getItem('sessionToken');
  } catch {
    return null; // Storage blocked (private mode, settings): simply a finder.
  }
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = sessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return { res, json };
}

const failure = (status: number, json: Record<string, unknown> | null): Failure => ({
  ok: false,
  status,
  message: typeof json?.error === 'string' ? json.error : null,
  ...(typeof json?.code === 'string' ? { code: json.code } : {}),
});

const codePath = (qrCode: string) => `/api/found/${encodeURIComponent(qrCode)}`;

/** GET /api/found/{qrCode}. Any non-OK answer means 'Item not found or inactive' (PRODUCT.md, Calls). */
export async function loadItem(qrCode: string): Promise<Result<{ view: ItemView }>> {
  try {
    const { res, json } = await call('GET', codePath(qrCode));
    if (!res.ok) return failure(res.status, json);
    const item = (json?.item ?? null) as PublicItem | null;
    return {
      ok: true,
      view: {
        item,
        viewerIsOwner: json?.viewerIsOwner === true,
        openReportCount: Number(json?.openReportCount ?? 0) || 0,
      },
    };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

/** POST /api/analytics/scan; failures are ignored (PRODUCT.md, Calls). */
export async function recordScan(payload: ScanPayload): Promise<void> {
  try {
    await call('POST', '/api/analytics/scan', payload);
  } catch {
    // Analytics never stand between a finder and the owner.
  }
}

/** The report opens a conversation: its page's path (`/found/{code}/t/{token}`), when sent. */
export async function sendReport(
  qrCode: string,
  payload: FoundReportPayload,
): Promise<Result<{ threadPath: string | null }>> {
  try {
    const { res, json } = await call('POST', `${codePath(qrCode)}/report`, payload);
    const path = (json?.data as { threadPath?: unknown } | undefined)?.threadPath;
    return res.ok
      ? { ok: true, threadPath: typeof path === 'string' && path.startsWith('/found/') ? path : null }
      : failure(res.status, json);
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

/** Why a recovery earned no gift (the API's `giftRefusal.reason`). */
export type GiftRefusalReason =
  'own_account' | 'own_network' | 'item_gifted' | 'no_conversation' | 'monthly_limit';

export interface Recovered {
  /** The gift voucher, or null when this recovery earns none (`refusal` says why). */
  voucher: { code: string; expiresAt: string } | null;
  /** What the gift is, how and where to redeem it (the admins' words). */
  gift: { description: string; howToRedeem: string; redeemUrl: string | null } | null;
  refusal: { reason: GiftRefusalReason; message: string } | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** POST /api/items/{id}/recover (the owner's bearer): the recovery, its gift voucher or why none. */
export async function markRecovered(itemId: string): Promise<Result<Recovered>> {
  try {
    const { res, json } = await call('POST', `/api/items/${encodeURIComponent(itemId)}/recover`);
    if (!res.ok) return failure(res.status, json);
    const data = (json?.data ?? {}) as Record<string, Record<string, unknown> | null | undefined>;
    const v = data.voucher;
    const g = data.gift;
    const r = data.giftRefusal;
    const code = text(v?.code);
    return {
      ok: true,
      voucher: code ? { code, expiresAt: text(v?.expiresAt) ?? '' } : null,
      gift: g
        ? {
            description: text(g.description) ?? '',
            howToRedeem: text(g.howToRedeem) ?? '',
            redeemUrl: text(g.redeemUrl),
          }
        : null,
      refusal: r ? { reason: r.reason as GiftRefusalReason, message: text(r.message) ?? '' } : null,
    };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

/** The brand of the header, from the app configuration; null when it cannot be had. */
export async function loadBrandName(): Promise<string | null> {
  try {
    const { res, json } = await call('GET', '/api/app-config');
    return res.ok && typeof json?.brandName === 'string' && json.brandName ? json.brandName : null;
  } catch {
    return null;
  }
}

/** A message of a conversation as the finder sees it (GET /api/found/{code}/t/{token}). */
export interface ThreadMessage {
  id: string;
  from: 'finder' | 'owner';
  text: string;
  latitude: number | null;
  longitude: number | null;
  sentAt: string;
  receipt: {
    notified: { channel: 'email' | 'sms' | 'push'; at: string } | null;
    readAt: string | null;
    heldUntil?: string | null;
  } | null;
}

export interface Thread {
  item: { name: string };
  open: boolean;
  closedReason?: 'recovered' | 'closed' | null;
  messages: ThreadMessage[];
  ownerRepliedAt: string | null;
}

/** `/found/{code}/t/{token}` → its API path. */
export const threadApiPath = (threadPath: string) => `/api${threadPath}`;

export async function loadThread(threadPath: string): Promise<Result<{ thread: Thread }>> {
  try {
    const { res, json } = await call('GET', threadApiPath(threadPath));
    return res.ok && json?.data ? { ok: true, thread: json.data as Thread } : failure(res.status, json);
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

export async function sendThreadMessage(
  threadPath: string,
  body: { text: string; latitude?: number; longitude?: number },
): Promise<Result<{ thread: Thread }>> {
  try {
    const { res, json } = await call('POST', `${threadApiPath(threadPath)}/messages`, body);
    const data = json?.data as { thread?: Thread } | undefined;
    return res.ok && data?.thread ? { ok: true, thread: data.thread } : failure(res.status, json);
  } catch {
    return { ok: false, status: 0, message: null };
  }
}
