// The finder's conversations, kept on this device (localStorage) so they can come back to them
// from the label's page. Only paths and item names: nothing the server does not already show them.

const KEY = 'homing.finderThreads';
const MAX = 20;

export interface StoredThread {
  path: string;
  itemName: string;
  at: string;
}

/** `/found/{code}/t/{token}` → its code and token; null for any other path. */
export function threadFromPath(pathname: string): { code: string; token: string } | null {
  const m = /^\/found\/([^/]+)\/t\/([A-Za-z0-9_-]{20,200})\/?$/i.exec(pathname);
  if (!m) return null;
  try {
    return { code: decodeURIComponent(m[1]!), token: m[2]! };
  } catch {
    return null;
  }
}

export function storedThreads(storage: Pick<Storage, 'getItem'> | null = safeStorage()): StoredThread[] {
  try {
    const list = JSON.parse(storage?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list)
      ? list.filter(
          (t): t is StoredThread =>
            !!t && typeof t.path === 'string' && !!threadFromPath(t.path) && typeof t.itemName === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** Keeps a conversation (newest first, once, at most MAX); storage blocked: nothing kept. */
export function keepThread(
  entry: StoredThread,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeStorage(),
) {
  try {
    const list = [entry, ...storedThreads(storage).filter((t) => t.path !== entry.path)].slice(0, MAX);
    storage?.setItem(KEY, JSON.stringify(list));
  } catch {
    // Private mode or full storage: the link on screen (and in their e-mail or SMS) still works.
  }
}

/** The conversations about the item behind this code (by the code in their path). */
export const threadsForCode = (code: string, list = storedThreads()) =>
  list.filter((t) => threadFromPath(t.path)?.code.toUpperCase() === code.trim().toUpperCase());

function safeStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}
