/**
 * A stand-in for Electron's main-process API, enough for the built main to start in plain Node:
 * it reports what main does (windows, pages loaded, IPC handlers, permission handlers) to the test
 * over the fork's IPC channel, and runs the test's `invoke` messages through main's real handlers,
 * as Electron would for the preload's `ipcRenderer.invoke`. The keychain reports `basic_text`,
 * as on a Linux desktop without one.
 */
const report = (message) => process.send?.(message);
const appListeners = new Map();
const handlers = new Map();
const windows = [];

const on = (listeners) =>
  function (event, listener) {
    listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    return this;
  };

class WebContents {
  constructor() {
    this.listeners = new Map();
    this.url = '';
    this.on = on(this.listeners);
    this.once = this.on;
  }
  send(channel, payload) {
    report({ type: 'send', channel, payload });
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
  getURL() {
    return this.url;
  }
}

export class BrowserWindow {
  constructor(options) {
    this.options = options;
    this.listeners = new Map();
    this.on = on(this.listeners);
    this.once = this.on;
    this.webContents = new WebContents();
    windows.push(this);
    for (const listener of appListeners.get('web-contents-created') ?? []) listener({}, this.webContents);
    report({
      type: 'window',
      options: { ...options, webPreferences: { ...options.webPreferences } },
      contentsListeners: [...this.webContents.listeners.keys()],
      windowOpenHandler: typeof this.webContents.windowOpenHandler === 'function',
    });
  }
  async loadURL(url) {
    this.webContents.url = url;
    report({ type: 'load', url });
    for (const listener of this.listeners.get('ready-to-show') ?? []) listener();
  }
  show() {}
  focus() {}
  restore() {}
  isMinimized() {
    return false;
  }
  static getAllWindows() {
    return windows;
  }
}

export const app = {
  on: on(appListeners),
  enableSandbox: () => report({ type: 'sandbox' }),
  requestSingleInstanceLock: () => true,
  whenReady: () => Promise.resolve(),
  isReady: () => true,
  getPath: (name) => {
    if (name !== 'userData') throw new Error(`stand-in: no path ${name}`);
    return process.env.STATION_USER_DATA;
  },
  quit: () => process.exit(0),
};

export const ipcMain = {
  handle(channel, listener) {
    handlers.set(channel, listener);
    report({ type: 'handle', channel });
  },
};

const permissionHandlers = [];
export const session = {
  defaultSession: {
    setPermissionRequestHandler: (handler) => permissionHandlers.push(handler),
    setPermissionCheckHandler: (handler) => permissionHandlers.push(handler),
  },
};

export const safeStorage = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'basic_text',
  encryptString: (text) => Buffer.from(text, 'utf8'),
  decryptString: (buffer) => Buffer.from(buffer).toString('utf8'),
};

export const dialog = {
  showSaveDialog: async () => ({ canceled: true }),
  showMessageBox: async () => ({ response: 0 }),
};

// The test's side of ipcRenderer.invoke: { id, channel, payload, senderUrl }.
process.on('message', async (message) => {
  if (message?.type !== 'invoke') return;
  const handler = handlers.get(message.channel);
  try {
    const result = handler
      ? await handler({ senderFrame: { url: message.senderUrl } }, message.payload)
      : { ok: false, error: `stand-in: no handler for ${message.channel}` };
    report({ type: 'reply', id: message.id, result });
  } catch (error) {
    report({ type: 'reply', id: message.id, result: { ok: false, error: String(error) } });
  }
});

export default { app, BrowserWindow, dialog, ipcMain, safeStorage, session };
