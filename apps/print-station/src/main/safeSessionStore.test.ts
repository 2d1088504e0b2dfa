import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SafeStorageLike } from './safeSessionStore';
import { SafeSessionStore } from './safeSessionStore';

// Stands in for the keychain: XOR is not encryption, but it proves what reaches the disk.
const fakeSafeStorage = (available: boolean): SafeStorageLike => ({
  isEncryptionAvailable: () => available,
  encryptString: (text) => Buffer.from(Buffer.from(text).map((byte) => byte ^ 0x5a)),
  decryptString: (sealed) => Buffer.from(sealed.map((byte) => byte ^ 0x5a)).toString(),
});

const session = {
  serverUrl: 'https://homing.example',
  token: 'bearer-secret',
  user: { id: 'u1', isAdmin: true },
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-safe-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SafeSessionStore', () => {
  it('writes only the sealed session, 0600, and reads it back', async () => {
    const path = join(dir, 'session.bin');
    const store = new SafeSessionStore(path, fakeSafeStorage(true));
    await store.save(session);
    expect(readFileSync(path, 'utf8')).not.toContain('bearer-secret');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await new SafeSessionStore(path, fakeSafeStorage(true)).load()).toEqual(session);
    await store.clear();
    expect(await store.load()).toBeNull();
  });

  it('keeps the session in memory only when the system cannot encrypt', async () => {
    const path = join(dir, 'session.bin');
    const store = new SafeSessionStore(path, fakeSafeStorage(false));
    await store.save(session);
    expect(await store.load()).toEqual(session);
    expect(() => statSync(path)).toThrow();
    expect(await new SafeSessionStore(path, fakeSafeStorage(false)).load()).toBeNull();
  });
});
