/**
 * The preload exposes exactly one object, `window.homingStation`, and nothing of Electron or Node.
 * It runs sandboxed, so it stays tiny: channel names and `ipcRenderer.invoke`; main validates.
 */
import type { IpcRendererEvent } from 'electron';
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcResult, ProgressEvent, StationBridge } from '../shared/bridge';
import { CHANNELS } from '../shared/bridge';

async function invoke<T>(channel: string, payload?: unknown): Promise<T> {
  const result = (await ipcRenderer.invoke(channel, payload)) as IpcResult<T>;
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

const bridge: StationBridge = {
  kind: 'electron',
  session: () => invoke(CHANNELS.session),
  login: (input) => invoke(CHANNELS.login, input),
  logout: () => invoke(CHANNELS.logout),
  api: (request) => invoke(CHANNELS.api, request),
  printers: () => invoke(CHANNELS.printers),
  printerTemplates: (printer) => invoke(CHANNELS.printerTemplates, { printer }),
  printSet: (input) => invoke(CHANNELS.printSet, input),
  printSheets: (input) => invoke(CHANNELS.printSheets, input),
  calibration: {
    get: (printer) => invoke(CHANNELS.calibrationGet, { printer }),
    set: (input) => invoke(CHANNELS.calibrationSet, input),
  },
  calibrationSheet: (input) => invoke(CHANNELS.calibrationSheet, input),
  history: (limit) => invoke(CHANNELS.history, { limit }),
  pendingMarks: () => invoke(CHANNELS.pendingMarks),
  sessionProtection: () => invoke(CHANNELS.sessionProtection),
  allowUnencryptedSession: (allow) => invoke(CHANNELS.allowUnencryptedSession, { allow }),
  saveSetsPdf: (input) => invoke(CHANNELS.saveSetsPdf, input),
  readBack: (input) => invoke(CHANNELS.readBack, input),
  reprintQueue: () => invoke(CHANNELS.reprintQueue),
  reprint: (printer) => invoke(CHANNELS.reprint, { printer }),
  onProgress(listener) {
    const forward = (_event: IpcRendererEvent, progress: ProgressEvent) => listener(progress);
    ipcRenderer.on(CHANNELS.progress, forward);
    return () => void ipcRenderer.removeListener(CHANNELS.progress, forward);
  },
};

contextBridge.exposeInMainWorld('homingStation', bridge);
