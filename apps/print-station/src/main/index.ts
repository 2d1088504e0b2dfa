/**
 * Electron's main process: wiring only. What the station does lives in ../core (also used by the
 * command line); the security rules in ./security.ts; every IPC payload is parsed in ./ipc.ts.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserWindow } from 'electron';
import { app, dialog, ipcMain, safeStorage, session } from 'electron';
// electron-vite copies the file beside the build and gives its path (the reader never downloads it).
import zxingWasm from 'zxing-wasm/reader/zxing_reader.wasm?asset';
import type { ReadBackReport } from '../core/readBack';
import type { GrayPixels, SheetInput } from '../core/scanDecode';
import { createStation } from '../core/station';
import { CHANNELS } from '../shared/bridge';
import { registerIpc } from './ipc';
import type { ScanAnswer, ScanJob } from './scanWorker';
import startScanWorker from './scanWorker?nodeWorker';
import { SafeSessionStore } from './safeSessionStore';
import { hardenApp, hardenSession, isTrustedSender } from './security';
import { createMainWindow } from './window';

const here = import.meta.dirname;
// electron-vite sets ELECTRON_RENDERER_URL in development; a build loads its own files.
const appUrl = process.env.ELECTRON_RENDERER_URL || pathToFileURL(join(here, '../renderer/index.html')).href;
const preload = join(here, '../preload/index.cjs');

const MARK_RETRY_MS = 30_000;
let mainWindow: BrowserWindow | null = null;

/** Reads a scan back in a worker thread (./scanWorker.ts): main's event loop stays free meanwhile. */
function readScan(scan: GrayPixels, { template, ...sheet }: SheetInput): Promise<ReadBackReport> {
  const job: ScanJob = { wasm: zxingWasm, scan, sheet: { ...sheet, templateId: template.id } };
  return new Promise((resolve, reject) => {
    const worker = startScanWorker({ workerData: job });
    worker.once('message', (answer: ScanAnswer) =>
      answer.ok ? resolve(answer.report) : reject(new Error(answer.error)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`Reading the scan stopped (code ${code})`)));
  });
}

async function start(): Promise<void> {
  hardenApp(app, appUrl);
  hardenSession(session.defaultSession);
  const home = app.getPath('userData');
  const sessions = new SafeSessionStore(
    {
      sealed: join(home, 'session.bin'),
      plain: join(home, 'session.json'),
      choice: join(home, 'session-storage.json'),
    },
    safeStorage,
  );
  const station = createStation({ home, sessions });
  // Sets printed while the server was away (or before a restart) are marked when it is back.
  const retry = () => void station.retryMarks().catch(() => undefined);
  retry();
  setInterval(retry, MARK_RETRY_MS).unref();
  registerIpc(ipcMain, {
    station,
    isTrustedSender: (event) => isTrustedSender(event.senderFrame?.url, appUrl),
    sessions,
    readScan,
    sendProgress: (event) => mainWindow?.webContents.send(CHANNELS.progress, event),
    savePdf: async (bytes, suggestedName) => {
      const options = { defaultPath: suggestedName, filters: [{ name: 'PDF', extensions: ['pdf'] }] };
      const choice = mainWindow
        ? await dialog.showSaveDialog(mainWindow, options)
        : await dialog.showSaveDialog(options);
      if (choice.canceled || !choice.filePath) return false;
      await writeFile(choice.filePath, bytes);
      return true;
    },
  });
  mainWindow = createMainWindow({ preload, appUrl });
  mainWindow.on('closed', () => (mainWindow = null));

  // Quitting with a job still in CUPS: say what will happen to its mark, and let the operator stay.
  // The journal keeps the job either way; the next start settles it with CUPS.
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    event.preventDefault();
    void station
      .quitNotice()
      .catch(() => null)
      .then(async (notice) => {
        if (notice) {
          const options = {
            type: 'warning' as const,
            message: 'A print job has not finished',
            detail: notice,
            buttons: ['Quit', 'Keep the station open'],
            defaultId: 1,
            cancelId: 1,
          };
          const { response } = mainWindow
            ? await dialog.showMessageBox(mainWindow, options)
            : await dialog.showMessageBox(options);
          if (response !== 0) return;
        }
        quitting = true;
        app.quit();
      });
  });
}

app.enableSandbox();
// A second station would race the first for the printer: hand over to the running one.
if (!app.requestSingleInstanceLock()) app.quit();
else void app.whenReady().then(start);

app.on('second-instance', () => {
  if (mainWindow?.isMinimized()) mainWindow.restore();
  mainWindow?.focus();
});
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('activate', () => {
  if (!mainWindow && app.isReady()) mainWindow = createMainWindow({ preload, appUrl });
});
