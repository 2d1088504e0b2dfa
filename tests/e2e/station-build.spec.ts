/**
 * The print station as built (electron-vite build → apps/print-station/out), copied outside the
 * repository so nothing from the source tree or node_modules can be reached: its main runs in
 * Node with a stand-in `electron` (./electron-stand-in), its preload runs in Chromium with a
 * stand-in `ipcRenderer` that forwards to that main, and its renderer is served as built. Signing
 * in goes page → preload → main → the real API; the printer screen lists CUPS' printers through
 * main. A workspace package left external in the build fails here (it cannot be resolved).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { CHANNELS } from '../../apps/print-station/src/shared/bridge';
import { newSet } from './adminHelpers';
import { adminSession, E2E_ADMIN_EMAIL, PASSWORD } from './helpers';
import { closeServer, listenForTest } from '../../apps/api/src/testing/httpServer';

const appDir = fileURLToPath(new URL('../../apps/print-station/', import.meta.url));
const electronVite = join(
  dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')),
  'bin/electron-vite.js',
);
const standIn = fileURLToPath(new URL('./electron-stand-in/register.mjs', import.meta.url));
const ALLOWED = new Set(['electron', ...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

type MainMessage =
  | { type: 'window'; options: { webPreferences: Record<string, unknown> }; contentsListeners: string[] }
  | { type: 'load'; url: string }
  | { type: 'handle'; channel: string }
  | { type: 'sandbox' }
  | { type: 'send'; channel: string; payload: unknown }
  | { type: 'reply'; id: number; result: unknown };

/** Bare module specifiers a built file still imports or requires. */
function externalImports(file: string): string[] {
  // Comment lines (a bundled library's docs) are not imports.
  const code = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/)/.test(line))
    .join('\n');
  const found = new Set<string>();
  for (const match of code.matchAll(
    /(?:^import[^'"\n]*from\s*|^import\s*|\brequire\(\s*|\bimport\(\s*)['"]([^'"]+)['"]/gm,
  ))
    if (!match[1].startsWith('.') && !match[1].startsWith('/')) found.add(match[1]);
  return [...found];
}

test.describe('print station build (outside the repository, stand-in Electron)', () => {
  test.describe.configure({ mode: 'serial' });
  let copy: string;
  let main: ChildProcess;
  let server: Server;
  let rendererUrl: string;
  const messages: MainMessage[] = [];
  const waiting = new Map<number, (result: unknown) => void>();

  test.beforeAll(async () => {
    // Exactly `npm run build -w @homing/print-station` (electron-vite reads the package.json of its
    // working directory to decide what to leave external).
    execFileSync(process.execPath, [electronVite, 'build', '--logLevel', 'warn'], {
      cwd: appDir,
      stdio: 'inherit',
    });
    copy = mkdtempSync(join(tmpdir(), 'homing-station-build-'));
    cpSync(join(appDir, 'out'), join(copy, 'out'), { recursive: true });
    // The built app's package.json (type module, main) is all it needs beside out/.
    cpSync(join(appDir, 'package.json'), join(copy, 'package.json'));

    main = fork(join(copy, 'out/main/index.js'), [], {
      cwd: copy,
      execArgv: ['--import', pathToFileURL(standIn).href],
      env: { ...process.env, STATION_USER_DATA: join(copy, 'userData'), ELECTRON_RENDERER_URL: undefined },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Structured clone, as Electron's IPC: a scan's pixels cross as a Uint8Array.
      serialization: 'advanced',
    });
    main.on('message', (message: MainMessage) => {
      messages.push(message);
      if (message.type === 'reply') waiting.get(message.id)?.(message.result);
    });
    await expect.poll(() => messages.some((m) => m.type === 'load')).toBe(true);

    const root = join(copy, 'out/renderer');
    const types: Record<string, string> = {
      '.html': 'text/html',
      '.js': 'text/javascript',
      '.css': 'text/css',
    };
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      try {
        const body = readFileSync(join(root, path === '/' ? 'index.html' : path.replace(/\.\.+/g, '')));
        res.writeHead(200, { 'Content-Type': types[extname(path) || '.html'] ?? 'application/octet-stream' });
        res.end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    rendererUrl = `${(await listenForTest(server)).url}/`;
  });

  test.afterAll(async () => {
    main?.kill();
    if (server) await closeServer(server);
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  test('bundles everything but electron and Node built-ins into main and preload', () => {
    const files = [
      ...readdirSync(join(copy, 'out/main')).map((f) => join(copy, 'out/main', f)),
      ...readdirSync(join(copy, 'out/preload')).map((f) => join(copy, 'out/preload', f)),
    ].filter((file) => /\.c?js$/.test(file));
    const external = files.flatMap(externalImports).filter((name) => !ALLOWED.has(name));
    expect(external).toEqual([]);
  });

  test('main starts: a sandboxed window on the built page, every IPC channel, hardened contents', () => {
    const window = messages.find((m) => m.type === 'window');
    expect(window?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: join(copy, 'out/preload/index.cjs'),
    });
    expect(window?.contentsListeners).toEqual(
      expect.arrayContaining(['will-navigate', 'will-redirect', 'will-attach-webview']),
    );
    expect(messages.find((m) => m.type === 'load')).toEqual({
      type: 'load',
      url: pathToFileURL(join(copy, 'out/renderer/index.html')).href,
    });
    expect(messages.some((m) => m.type === 'sandbox')).toBe(true);
    const handled = messages.flatMap((m) => (m.type === 'handle' ? [m.channel] : []));
    expect(handled.sort()).toEqual(
      Object.values(CHANNELS)
        .filter((c) => c !== CHANNELS.progress)
        .sort(),
    );
  });

  test('the built renderer and preload: sign in through main, reach the printer screen, read a scan in main', async ({
    page,
    request,
    baseURL,
  }) => {
    await adminSession(request); // makes sure the e2e admin exists
    const appUrl = (messages.find((m) => m.type === 'load') as { url: string }).url;
    let nextId = 0;
    // The preload's ipcRenderer.invoke, as Electron delivers it: from the app's page (its file URL).
    await page.exposeFunction('__stationInvoke', (channel: string, payload: unknown) => {
      const id = ++nextId;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        main.send({ type: 'invoke', id, channel, payload, senderUrl: appUrl });
      });
    });
    main.on('message', (message: MainMessage) => {
      if (message.type === 'send')
        void page
          .evaluate(([channel, payload]) => window.__stationEmit?.(channel as string, payload), [
            message.channel,
            message.payload,
          ] as const)
          .catch(() => undefined);
    });
    const preload = readFileSync(join(copy, 'out/preload/index.cjs'), 'utf8');
    await page.addInitScript(`(() => {
      const listeners = new Map();
      const electron = {
        contextBridge: { exposeInMainWorld: (key, api) => { window[key] = Object.freeze(api); } },
        ipcRenderer: {
          invoke: (channel, payload) => window.__stationInvoke(channel, payload),
          on: (channel, fn) => listeners.set(channel, [...(listeners.get(channel) ?? []), fn]),
          removeListener: (channel, fn) => listeners.set(channel, (listeners.get(channel) ?? []).filter((f) => f !== fn)),
        },
      };
      window.__stationEmit = (channel, payload) => (listeners.get(channel) ?? []).forEach((fn) => fn({}, payload));
      const module = { exports: {} };
      const require = (name) => { if (name === 'electron') return electron; throw new Error('the preload required ' + name); };
      (function (require, module, exports) {\n${preload}\n})(require, module, module.exports);
    })();`);

    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(rendererUrl);
    await expect(page.getByRole('heading', { name: 'Homing Print Station' })).toBeVisible();
    expect(await page.evaluate(() => Object.keys(window.homingStation ?? {}).sort())).toEqual(
      expect.arrayContaining(['kind', 'login', 'printSet', 'printSheets', 'saveSetsPdf', 'session']),
    );

    // The stand-in keyring is Linux's basic_text (no keyring): the admin is told, and asked.
    await expect(page.getByRole('note')).toContainText('This computer has no keyring');
    await expect(page.getByRole('checkbox', { name: /stored unencrypted/ })).not.toBeChecked();
    await page.getByLabel('Server URL').fill(baseURL!);
    await page.getByLabel('Email or phone number').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Printer', level: 1 })).toBeVisible();
    await expect(page.locator('.station-header__who')).toHaveText(E2E_ADMIN_EMAIL);

    // Main reads a scan back with the WebAssembly its build carries (beside it, not node_modules):
    // a blank page holds none of the set's labels, and says so.
    const set = await newSet(request, (await adminSession(request)).sessionToken);
    const blank = await page.evaluate(
      (setId) =>
        window
          .homingStation!.readBack({
            setId,
            scan: { width: 300, height: 400, gray: new Uint8Array(300 * 400).fill(255) },
          })
          .then(
            () => 'read',
            (error: Error) => error.message,
          ),
      set.id,
    );
    expect(blank).toMatch(/^No label of this set was found in the picture/);
    expect(errors).toEqual([]);
  });
});

declare global {
  interface Window {
    __stationEmit?: (channel: string, payload: unknown) => void;
  }
}
