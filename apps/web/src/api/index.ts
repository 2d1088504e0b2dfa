import { createSessionStore } from '../auth/sessionStore';
import { createApiClient } from './client';

function browserStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // storage disabled by the browser: the session lives only as long as this page
  }
  const memory = new Map<string, string>();
  return {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  };
}

/** The app's session, kept in localStorage. */
export const sessionStore = createSessionStore(
  browserStorage(),
  typeof window === 'undefined' ? undefined : window,
);

/** The app's JSON client: bearer header from the stored session, signed out on any 401. */
export const api = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  getToken: () => sessionStore.token(),
  onUnauthorized: () => sessionStore.clear(),
  pageOrigin: typeof window === 'undefined' ? undefined : window.location.origin,
});

export type { ApiClient, ApiResult, RequestOptions, UploadOptions } from './client';
