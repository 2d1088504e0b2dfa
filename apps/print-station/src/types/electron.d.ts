/**
 * The part of Electron 41's API the station uses, typed from its documentation. Electron is not
 * installed by `npm install` (scripts/electronRuntime.ts), so its own declarations are not there
 * to read; these are checked against the real thing by the launch test where a binary exists.
 */
declare module 'electron' {
  type Listener = (...args: never[]) => unknown;

  export interface Event {
    preventDefault(): void;
  }

  export interface WebPreferences {
    preload?: string;
    contextIsolation?: boolean;
    sandbox?: boolean;
    nodeIntegration?: boolean;
    nodeIntegrationInWorker?: boolean;
    nodeIntegrationInSubFrames?: boolean;
    webSecurity?: boolean;
    allowRunningInsecureContent?: boolean;
    webviewTag?: boolean;
    spellcheck?: boolean;
  }

  export interface BrowserWindowConstructorOptions {
    width?: number;
    height?: number;
    minWidth?: number;
    minHeight?: number;
    show?: boolean;
    title?: string;
    autoHideMenuBar?: boolean;
    webPreferences?: WebPreferences;
  }

  export interface WebContents {
    send(channel: string, ...args: unknown[]): void;
    getURL(): string;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' | 'allow' }): void;
    on(event: 'will-navigate' | 'will-redirect', listener: (event: Event, url: string) => void): this;
    on(event: 'will-attach-webview', listener: (event: Event) => void): this;
  }

  export class BrowserWindow {
    constructor(options?: BrowserWindowConstructorOptions);
    readonly webContents: WebContents;
    static getAllWindows(): BrowserWindow[];
    loadURL(url: string): Promise<void>;
    show(): void;
    focus(): void;
    restore(): void;
    isMinimized(): boolean;
    on(event: 'closed' | 'ready-to-show', listener: () => void): this;
    once(event: 'closed' | 'ready-to-show', listener: () => void): this;
  }

  export interface App {
    enableSandbox(): void;
    requestSingleInstanceLock(): boolean;
    whenReady(): Promise<void>;
    isReady(): boolean;
    quit(): void;
    getPath(name: 'userData' | 'home' | 'temp'): string;
    on(event: 'web-contents-created', listener: (event: Event, contents: WebContents) => void): this;
    on(event: 'second-instance' | 'window-all-closed' | 'activate', listener: () => void): this;
    on(event: 'before-quit', listener: (event: Event) => void): this;
  }
  export const app: App;

  export interface Session {
    setPermissionRequestHandler(
      handler: (contents: WebContents, permission: string, callback: (granted: boolean) => void) => void,
    ): void;
    setPermissionCheckHandler(handler: () => boolean): void;
  }
  export const session: { readonly defaultSession: Session };

  export interface IpcMainInvokeEvent {
    /** null once the frame has navigated away or been destroyed. */
    readonly senderFrame: { readonly url: string } | null;
  }
  export const ipcMain: {
    handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
  };

  export const safeStorage: {
    isEncryptionAvailable(): boolean;
    encryptString(plainText: string): Buffer;
    decryptString(encrypted: Buffer): string;
    /** Linux only: which secret store backs the encryption; `basic_text` means none (a fixed key). */
    getSelectedStorageBackend():
      'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown';
  };

  export interface SaveDialogOptions {
    defaultPath?: string;
    filters?: { name: string; extensions: string[] }[];
  }
  export interface MessageBoxOptions {
    type?: 'none' | 'info' | 'error' | 'question' | 'warning';
    title?: string;
    message: string;
    detail?: string;
    buttons?: string[];
    defaultId?: number;
    cancelId?: number;
  }
  export const dialog: {
    showSaveDialog(
      window: BrowserWindow,
      options: SaveDialogOptions,
    ): Promise<{ canceled: boolean; filePath?: string }>;
    showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
    showMessageBox(window: BrowserWindow, options: MessageBoxOptions): Promise<{ response: number }>;
    showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
  };

  // Preload (sandboxed renderer) side.
  export type IpcRendererEvent = Event;
  export const ipcRenderer: {
    invoke(channel: string, ...args: unknown[]): Promise<unknown>;
    on(channel: string, listener: (event: IpcRendererEvent, ...args: never[]) => void): void;
    removeListener(channel: string, listener: Listener): void;
  };
  export const contextBridge: {
    exposeInMainWorld(apiKey: string, api: unknown): void;
  };
}
