import { BrowserWindow } from 'electron';
import { secureWebPreferences } from './security';

export interface WindowOptions {
  readonly preload: string;
  /** The dev server's URL, or the built index.html as a file: URL. */
  readonly appUrl: string;
}

/** The station's one window: hidden until painted, sandboxed, its page the app and nothing else. */
export function createMainWindow({ preload, appUrl }: WindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Homing Print Station',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(preload),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(appUrl);
  return window;
}
