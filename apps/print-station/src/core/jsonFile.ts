import { chmod, mkdir, open, readFile, rename } from 'node:fs/promises';
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
 * content rather than half a JSON document. The new content and the rename are flushed to the
 * disk (fsync of the file, then of its folder) before this resolves: a power cut after it cannot
 * bring back the old content. `mode` applies to the new file; the folder is made private (0700)
 * when it has to be created.
 */
export async function writeFileAtomic(
  path: string,
  content: string | Uint8Array,
  mode = 0o644,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const aside = `${path}.${process.pid}.${Date.now()}.tmp`;
  const file = await open(aside, 'w', mode);
  try {
    await file.writeFile(content);
    await file.sync();
  } finally {
    await file.close();
  }
  // open's mode is masked by the umask; a secret must be 0600 whatever the umask says.
  await chmod(aside, mode);
  await rename(aside, path);
  await syncFolder(dirname(path));
}

/** Makes a rename in the folder durable (not possible on Windows, where opening a folder fails). */
async function syncFolder(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
  } catch {
    return;
  }
  try {
    await handle.sync();
  } catch {
    // some file systems refuse fsync on a folder; the file's own content is flushed already
  } finally {
    await handle.close();
  }
}
