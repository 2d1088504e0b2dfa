import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The file's text, or null when it does not exist yet. */
export async function readTextIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Replaces the file in one step (write aside, then rename), so a crash mid-write leaves the old
 * content rather than half a JSON document. `mode` applies to the new file; the folder is made
 * private (0700) when it has to be created.
 */
export async function writeFileAtomic(
  path: string,
  content: string | Uint8Array,
  mode = 0o644,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const aside = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(aside, content, { mode });
  // writeFile's mode is masked by the umask; a secret must be 0600 whatever the umask says.
  await chmod(aside, mode);
  await rename(aside, path);
}
