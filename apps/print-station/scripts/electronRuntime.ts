/**
 * Electron is not in the install graph: `npm install` must work on a machine that reaches only
 * the package registry, and a web-only user never needs Electron. The build is told its targets
 * here instead of reading them from an installed electron package; the desktop app fetches the
 * binary on demand (`npm run station:app`, ./app.ts) into a cache outside the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** The Electron the station is built for and launched with. */
export const ELECTRON_VERSION = '41.7.2';
/** Electron 41 ships Node 24.14 and Chromium 146 (electron-vite's own table says the same). */
export const ELECTRON_TARGETS = { node: 'node24.14', chrome: 'chrome146' } as const;

export const appDir = join(import.meta.dirname, '..');

/** Where `station:app` installs Electron: `$HOMING_ELECTRON_DIR`, else ~/.cache/homing-station/electron-<version>. */
export function electronCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return (
    env.HOMING_ELECTRON_DIR?.trim() ||
    join(
      env.XDG_CACHE_HOME?.trim() || join(homedir(), '.cache'),
      'homing-station',
      `electron-${ELECTRON_VERSION}`,
    )
  );
}

/** The binary an electron package installed into `packageDir` downloaded, or null. */
function binaryOf(packageDir: string): string | null {
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

export interface ElectronBinary {
  readonly path: string;
  /** Where it was found, for messages. */
  readonly source: 'ELECTRON_EXEC_PATH' | 'cache' | 'node_modules';
}

/**
 * An Electron binary to launch, or null: `$ELECTRON_EXEC_PATH` (electron-vite's own variable),
 * then the on-demand cache, then an electron package someone installed by hand.
 */
export function findElectronBinary(env: NodeJS.ProcessEnv = process.env): ElectronBinary | null {
  const explicit = env.ELECTRON_EXEC_PATH?.trim();
  if (explicit) return existsSync(explicit) ? { path: explicit, source: 'ELECTRON_EXEC_PATH' } : null;
  const cached = binaryOf(join(electronCacheDir(env), 'node_modules', 'electron'));
  if (cached) return { path: cached, source: 'cache' };
  try {
    const manifest = createRequire(join(appDir, 'package.json')).resolve('electron/package.json');
    const installed = binaryOf(dirname(manifest));
    return installed ? { path: installed, source: 'node_modules' } : null;
  } catch {
    return null;
  }
}

/** Why there is no binary, in the words a test's skip note or the launcher prints. */
export const NO_ELECTRON =
  `no Electron ${ELECTRON_VERSION} binary on this machine: it is not part of \`npm install\`; ` +
  '`npm run station:app` fetches it (needs internet access or ELECTRON_MIRROR), or set ELECTRON_EXEC_PATH';
