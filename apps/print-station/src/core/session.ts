import { rm } from 'node:fs/promises';
import { readTextIfExists, writeFileAtomic } from './jsonFile';
import type { StoredSession } from './sessionSchema';
import { storedSessionSchema } from './sessionSchema';

export type { SessionUser, StoredSession } from './sessionSchema';
export { sessionUserSchema, storedSessionSchema } from './sessionSchema';

/**
 * Where the station keeps its session. The command line uses a 0600 file; Electron's main
 * process encrypts it with safeStorage (main/safeSessionStore.ts). Nothing else sees the token:
 * the renderer never holds it.
 */
export interface SessionStore {
  load(): Promise<StoredSession | null>;
  save(session: StoredSession): Promise<void>;
  clear(): Promise<void>;
}

/** A JSON file readable by its owner only. A damaged file reads as signed out. */
export class FileSessionStore implements SessionStore {
  constructor(private readonly path: string) {}

  async load(): Promise<StoredSession | null> {
    const text = await readTextIfExists(this.path);
    if (text === null) return null;
    try {
      const parsed = storedSessionSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  save(session: StoredSession): Promise<void> {
    return writeFileAtomic(
      this.path,
      `${JSON.stringify(storedSessionSchema.parse(session), null, 2)}\n`,
      0o600,
    );
  }

  clear(): Promise<void> {
    return rm(this.path, { force: true });
  }
}

/** For tests, and for Electron when the system offers no encryption: gone when the process ends. */
export class MemorySessionStore implements SessionStore {
  private session: StoredSession | null = null;
  load(): Promise<StoredSession | null> {
    return Promise.resolve(this.session);
  }
  save(session: StoredSession): Promise<void> {
    this.session = storedSessionSchema.parse(session);
    return Promise.resolve();
  }
  clear(): Promise<void> {
    this.session = null;
    return Promise.resolve();
  }
}
