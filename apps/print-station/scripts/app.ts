/**
 * `npm run station:app` (`-- --dev` for electron-vite's dev server with reload): builds the print station and starts it in Electron. Electron is not part
 * of `npm install` (see ./electronRuntime.ts); the first run installs it into a cache folder, which
 * downloads its binary (about 100 MB from GitHub, or ELECTRON_MIRROR). When that cannot be done it
 * says what is needed instead of failing somewhere deeper.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { build, createServer } from 'electron-vite';
import type { ElectronBinary } from './electronRuntime';
import { appDir, electronCacheDir, ELECTRON_VERSION, findElectronBinary } from './electronRuntime';

const say = (line: string) => process.stderr.write(`station:app: ${line}\n`);

function installElectron(): ElectronBinary | null {
  const dir = electronCacheDir();
  mkdirSync(dir, { recursive: true });
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest))
    writeFileSync(
      manifest,
      `${JSON.stringify({ name: 'homing-station-electron', private: true }, null, 2)}\n`,
    );
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 12))
    say(`note: Electron's installer asks for Node 22.12 or newer; this is Node ${process.versions.node}.`);
  say(`installing Electron ${ELECTRON_VERSION} into ${dir} (once; it downloads the Electron binary)...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    ['install', '--no-audit', '--no-fund', '--no-save', `electron@${ELECTRON_VERSION}`],
    { cwd: dir, stdio: 'inherit', env: process.env },
  );
  if (result.status === 0) return findElectronBinary();
  return null;
}

function explainMissing(): never {
  say(`could not get Electron ${ELECTRON_VERSION}'s binary, so the desktop app cannot start.`);
  say('The binary is downloaded from GitHub (or $ELECTRON_MIRROR) the first time. Any one of these helps:');
  say('  - run this command again on a machine with internet access;');
  say(
    '  - set ELECTRON_MIRROR to a mirror you can reach (https://www.electronjs.org/docs/latest/tutorial/installation#mirror);',
  );
  say(
    `  - put electron-v${ELECTRON_VERSION}-<platform>-<arch>.zip in Electron's cache (~/.cache/electron on Linux);`,
  );
  say(`  - or set ELECTRON_EXEC_PATH to an Electron ${ELECTRON_VERSION} binary you already have.`);
  say('Without Electron, the headless station (npm run station -- …) and every test still work.');
  process.exit(1);
}

const binary = findElectronBinary() ?? installElectron() ?? explainMissing();
say(`Electron: ${binary.path} (${binary.source})`);
const configFile = join(appDir, 'electron.vite.config.ts');

if (process.argv.includes('--dev')) {
  // electron-vite's dev server starts Electron itself, from the variable it reads first.
  process.env.ELECTRON_EXEC_PATH = binary.path;
  await createServer({ root: appDir, configFile }, { rendererOnly: false });
} else {
  await build({ root: appDir, configFile, logLevel: 'warn' });
  // Chromium refuses to start its sandbox as root; the renderer's own sandbox setting stays on.
  const args = process.getuid?.() === 0 ? ['--no-sandbox', appDir] : [appDir];
  const child = spawn(binary.path, args, { stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
