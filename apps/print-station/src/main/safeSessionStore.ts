import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { readTextIfExists, writeFileAtomic } from '../core/jsonFile';
import type { SessionStore, StoredSession } from '../core/session';
import { FileSessionStore, MemorySessionStore, storedSessionSchema } from '../core/session';
import type { SessionProtection } from '../shared/bridge';

/** The part of Electron's safeStorage the store uses (a fake in tests). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only (absent elsewhere): `basic_text` means no keyring, a fixed key, i.e. no secrecy. */
  getSelectedStorageBackend?(): string;
}

export interface SafeSessionPaths {
  /** The session sealed by the keyring. */
  readonly sealed: string;
  /** The session in clear (0600), only when the admin chose it on a machine without a keyring. */
  readonly plain: string;
  /** The admin's choice: `{ "allowUnencrypted": true }`. */
  readonly choice: string;
}

const choiceSchema = z.object({ allowUnencrypted: z.boolean() });

/**
 * The session sealed with the operating system's keyring (safeStorage) in a 0600 file. Without a
 * keyring (no encryption, or Linux's `basic_text` backend, whose "encryption" is a key compiled
 * into Electron) the session lives in memory only: signing in again after a restart beats leaving
 * a bearer token readable on disk. The admin may choose otherwise, told plainly that it is then
 * stored unencrypted (SignInScreen); that choice is remembered.
 */
export class SafeSessionStore implements SessionStore {
  private readonly memory = new MemorySessionStore();
  private readonly plain: FileSessionStore;
  private allowUnencrypted: boolean | null = null;

  constructor(
    private readonly paths: SafeSessionPaths,
    private readonly safeStorage: SafeStorageLike,
  ) {
    this.plain = new FileSessionStore(paths.plain);
  }

  /** Whether the keyring really protects what is sealed. */
  get hasKeyring(): boolean {
    return (
      this.safeStorage.isEncryptionAvailable() &&
      this.safeStorage.getSelectedStorageBackend?.() !== 'basic_text'
    );
  }

  private async allowsUnencrypted(): Promise<boolean> {
    if (this.allowUnencrypted === null) {
      const text = await readTextIfExists(this.paths.choice);
      const parsed = text ? choiceSchema.safeParse(JSON.parse(text)) : null;
      this.allowUnencrypted = parsed?.success ? parsed.data.allowUnencrypted : false;
    }
    return this.allowUnencrypted;
  }

  async protection(): Promise<SessionProtection> {
    if (this.hasKeyring) return 'encrypted';
    return (await this.allowsUnencrypted()) ? 'unencrypted' : 'memory-only';
  }

  /** The admin's choice where there is no keyring. Switching moves the current session along. */
  async setAllowUnencrypted(allow: boolean): Promise<SessionProtection> {
    const current = await this.load();
    this.allowUnencrypted = allow;
    await writeFileAtomic(this.paths.choice, `${JSON.stringify({ allowUnencrypted: allow })}\n`, 0o600);
    await this.plain.clear();
    await this.memory.clear();
    if (current) await this.save(current);
    return this.protection();
  }

  async load(): Promise<StoredSession | null> {
    switch (await this.protection()) {
      case 'memory-only':
        return this.memory.load();
      case 'unencrypted':
        return this.plain.load();
      case 'encrypted': {
        const text = await readTextIfExists(this.paths.sealed);
        if (!text) return null;
        try {
          const json = this.safeStorage.decryptString(Buffer.from(text.trim(), 'base64'));
          const parsed = storedSessionSchema.safeParse(JSON.parse(json));
          return parsed.success ? parsed.data : null;
        } catch {
          return null; // another user's keychain, or a damaged file: signed out
        }
      }
    }
  }

  async save(session: StoredSession): Promise<void> {
    const valid = storedSessionSchema.parse(session);
    switch (await this.protection()) {
      case 'memory-only':
        return this.memory.save(valid);
      case 'unencrypted':
        return this.plain.save(valid);
      case 'encrypted': {
        const sealed = this.safeStorage.encryptString(JSON.stringify(valid)).toString('base64');
        await writeFileAtomic(this.paths.sealed, `${sealed}\n`, 0o600);
      }
    }
  }

  async clear(): Promise<void> {
    await this.memory.clear();
    await this.plain.clear();
    await rm(this.paths.sealed, { force: true });
  }
}
