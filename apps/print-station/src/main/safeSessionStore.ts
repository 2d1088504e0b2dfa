import { rm } from 'node:fs/promises';
import type { SessionStore, StoredSession } from '../core/session';
import { MemorySessionStore, storedSessionSchema } from '../core/session';
import { readTextIfExists, writeFileAtomic } from '../core/jsonFile';

/** The part of Electron's safeStorage the store uses (a fake in tests). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/**
 * The session encrypted with the operating system's keychain (safeStorage) in a 0600 file. Where
 * the system offers no encryption, the session lives in memory only: signing in again after a
 * restart beats leaving a bearer token readable on disk.
 */
export class SafeSessionStore implements SessionStore {
  private readonly memory = new MemorySessionStore();

  constructor(
    private readonly path: string,
    private readonly safeStorage: SafeStorageLike,
  ) {}

  get persistent(): boolean {
    return this.safeStorage.isEncryptionAvailable();
  }

  async load(): Promise<StoredSession | null> {
    if (!this.persistent) return this.memory.load();
    const text = await readTextIfExists(this.path);
    if (!text) return null;
    try {
      const json = this.safeStorage.decryptString(Buffer.from(text.trim(), 'base64'));
      const parsed = storedSessionSchema.safeParse(JSON.parse(json));
      return parsed.success ? parsed.data : null;
    } catch {
      return null; // another user's keychain, or a damaged file: signed out
    }
  }

  async save(session: StoredSession): Promise<void> {
    const valid = storedSessionSchema.parse(session);
    if (!this.persistent) return this.memory.save(valid);
    const sealed = this.safeStorage.encryptString(JSON.stringify(valid)).toString('base64');
    await writeFileAtomic(this.path, `${sealed}\n`, 0o600);
  }

  async clear(): Promise<void> {
    await this.memory.clear();
    await rm(this.path, { force: true });
  }
}
