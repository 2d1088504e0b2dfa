import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SafeSessionPaths, SafeStorageLike } from './safeSessionStore';
import { SafeSessionStore } from './safeSessionStore';

// Stands in for the keychain: XOR is not encryption, but it proves what reaches the disk.
const fakeSafeStorage = (available: boolean, backend?: string): SafeStorageLike => ({
  isEncryptionAvailable: () => available,
  encryptString: (text) => Buffer.from(Buffer.from(text).map((byte) => byte ^ 0x5a)),
  decryptString: (sealed) => Buffer.from(sealed.map((byte) => byte ^ 0x5a)).toString(),
  ...(backend ? { getSelectedStorageBackend: () => backend } : {}),
});

const session = {
  serverUrl: 'https://homing.example',
  token: 'bearer-secret',
  user: { id: 'u1', isAdmin: true },
};

let dir: string;
let paths: SafeSessionPaths;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-safe-'));
  paths = {
    sealed: join(dir, 'session.bin'),
    plain: join(dir, 'session.json'),
    choice: join(dir, 'session-storage.json'),
  };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const exists = (path: string) => {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
};

describe('SafeSessionStore', () => {
  it('writes only the sealed session, 0600, and reads it back', async () => {
    const store = new SafeSessionStore(paths, fakeSafeStorage(true, 'gnome_libsecret'));
    expect(await store.protection()).toBe('encrypted');
    await store.save(session);
    expect(readFileSync(paths.sealed, 'utf8')).not.toContain('bearer-secret');
    expect(statSync(paths.sealed).mode & 0o777).toBe(0o600);
    expect(await new SafeSessionStore(paths, fakeSafeStorage(true, 'gnome_libsecret')).load()).toEqual(
      session,
    );
    await store.clear();
    expect(await store.load()).toBeNull();
  });

  it('keeps the session in memory only when the system cannot encrypt', async () => {
    const store = new SafeSessionStore(paths, fakeSafeStorage(false));
    expect(await store.protection()).toBe('memory-only');
    await store.save(session);
    expect(await store.load()).toEqual(session);
    expect([paths.sealed, paths.plain].filter(exists)).toEqual([]);
    expect(await new SafeSessionStore(paths, fakeSafeStorage(false)).load()).toBeNull();
  });

  it('treats Linux’s basic_text backend (encryption "available", with a fixed key) as no keyring', async () => {
    const store = new SafeSessionStore(paths, fakeSafeStorage(true, 'basic_text'));
    expect(store.hasKeyring).toBe(false);
    expect(await store.protection()).toBe('memory-only');
    await store.save(session);
    expect([paths.sealed, paths.plain].filter(exists)).toEqual([]);
    expect(await new SafeSessionStore(paths, fakeSafeStorage(true, 'basic_text')).load()).toBeNull();
  });

  it('stores the session unencrypted (0600) only when the admin chooses so, and remembers the choice', async () => {
    const store = new SafeSessionStore(paths, fakeSafeStorage(true, 'basic_text'));
    await store.save(session);
    expect(await store.setAllowUnencrypted(true)).toBe('unencrypted');
    // The session signed in before the choice moved to the file, in clear, owner-only.
    expect(JSON.parse(readFileSync(paths.plain, 'utf8'))).toEqual(session);
    expect(statSync(paths.plain).mode & 0o777).toBe(0o600);
    const restarted = new SafeSessionStore(paths, fakeSafeStorage(true, 'basic_text'));
    expect(await restarted.protection()).toBe('unencrypted');
    expect(await restarted.load()).toEqual(session);
    // Changing one's mind takes the session off the disk (kept in memory for this run).
    expect(await restarted.setAllowUnencrypted(false)).toBe('memory-only');
    expect(exists(paths.plain)).toBe(false);
    expect(await restarted.load()).toEqual(session);
  });
});
