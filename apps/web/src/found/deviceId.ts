const KEY = 'homingFinderDevice';

/**
 * A random id this browser keeps for the finder page (first-party, in localStorage, nothing
 * derived from the device): the server counts one device's reloads within 10 minutes as one scan.
 * Null when storage is blocked; such a page's scans are each counted.
 */
export function finderDeviceId(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeStorage(),
): string | null {
  if (!storage) return null;
  try {
    let id = storage.getItem(KEY);
    if (!id || !/^[\w-]{8,64}$/.test(id)) {
      id = randomId();
      storage.setItem(KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
