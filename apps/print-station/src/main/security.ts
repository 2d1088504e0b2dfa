/**
 * The renderer is a web page and treated as one: sandboxed, isolated from Node, unable to navigate
 * away from the app or open windows. Only `import type` from electron here, so the rules are
 * unit-tested without an Electron binary.
 */
import type { App, Session, WebContents, WebPreferences } from 'electron';

export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  };
}

/**
 * Whether `url` is the app itself: the dev server's origin, or the built `index.html` (any hash,
 * the router's). Every other URL (the API server included) is foreign to the window.
 */
export function isAppUrl(url: string, appUrl: string): boolean {
  let target: URL;
  let app: URL;
  try {
    target = new URL(url);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (app.protocol === 'file:') return target.protocol === 'file:' && target.pathname === app.pathname;
  return target.origin === app.origin;
}

type Navigation = { preventDefault(): void };
type ContentsLike = Pick<WebContents, 'setWindowOpenHandler'> & {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: Navigation, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: Navigation) => void): unknown;
};

/** Blocks navigation to foreign URLs, every new window and every <webview>. */
export function hardenContents(contents: ContentsLike, appUrl: string): void {
  const stayHome = (event: Navigation, url: string) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault();
  };
  contents.on('will-navigate', stayHome);
  contents.on('will-redirect', stayHome);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** The station needs no camera, notifications or the like: every permission is refused. */
export function hardenSession(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
) {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** Applies the rules to every web contents the app ever creates, not just the main window. */
export function hardenApp(app: Pick<App, 'on'>, appUrl: string): void {
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, appUrl));
}

/** An IPC message counts only if it comes from the app's own top-level page. */
export function isTrustedSender(frameUrl: string | undefined, appUrl: string): boolean {
  return frameUrl !== undefined && isAppUrl(frameUrl, appUrl);
}
