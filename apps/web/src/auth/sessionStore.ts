import { STORAGE_KEYS, sessionUser, type SessionUser } from '@homing/shared';

/** A session kept in localStorage under `sessionToken` and `currentUser` (PRODUCT.md, Entities and Limits). */
export interface StoredSession {
  sessionToken: string;
  /** Null when the stored copy is missing or unreadable; the server check fills it in. */
  user: SessionUser | null;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SessionStore {
  get(): StoredSession | null;
  token(): string | null;
  set(session: { sessionToken: string; user: SessionUser }): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const parsed = sessionUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * One source of truth for the session, shared by the API client and the auth context.
 * `get()` returns the same object while storage is unchanged (useSyncExternalStore needs that);
 * other tabs' changes arrive through the `storage` event.
 */
export function createSessionStore(
  storage: KeyValueStorage | null,
  events?: Pick<Window, 'addEventListener'>,
) {
  const listeners = new Set<() => void>();
  let cacheKey: string | null = null;
  let cached: StoredSession | null = null;

  const read = (key: string) => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const notify = () => listeners.forEach((listener) => listener());

  events?.addEventListener('storage', (event) => {
    const key = (event as StorageEvent).key;
    if (key === null || key === STORAGE_KEYS.sessionToken || key === STORAGE_KEYS.currentUser) notify();
  });

  const store: SessionStore = {
    get() {
      const token = read(STORAGE_KEYS.sessionToken);
      const user = read(STORAGE_KEYS.currentUser);
      const key = `${token}\u0000${user}`;
      if (key !== cacheKey) {
        cacheKey = key;
        cached = token ? { sessionToken: token, user: parseUser(user) } : null;
      }
      return cached;
    },
    token: () => read(STORAGE_KEYS.sessionToken),
    set({ sessionToken, user }) {
      storage?.setItem(STORAGE_KEYS.sessionToken, sessionToken);
      storage?.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
      notify();
    },
    clear() {
      storage?.removeItem(STORAGE_KEYS.sessionToken);
      storage?.removeItem(STORAGE_KEYS.currentUser);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
