import { describe, expect, it } from 'vitest';
import { hardenContents, hardenSession, isAppUrl, isTrustedSender, secureWebPreferences } from './security';

const FILE_APP = 'file:///opt/homing-station/resources/app/out/renderer/index.html';
const DEV_APP = 'http://localhost:5173/';

describe('isAppUrl', () => {
  it('accepts the built page with any route, and nothing else on file:', () => {
    expect(isAppUrl(`${FILE_APP}#/history`, FILE_APP)).toBe(true);
    expect(isAppUrl('file:///etc/passwd', FILE_APP)).toBe(false);
    expect(isAppUrl('https://homing.example/', FILE_APP)).toBe(false);
  });
  it('accepts the dev server’s origin only', () => {
    expect(isAppUrl('http://localhost:5173/#/printer', DEV_APP)).toBe(true);
    expect(isAppUrl('http://localhost:3000/api/admin/qr-sets', DEV_APP)).toBe(false);
    expect(isAppUrl('http://localhost:5173.evil.example/', DEV_APP)).toBe(false);
    expect(isAppUrl('not a url', DEV_APP)).toBe(false);
  });
});

describe('secureWebPreferences', () => {
  it('isolates and sandboxes the renderer, without Node', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
    });
  });
});

describe('hardenContents', () => {
  function fakeContents() {
    const listeners = new Map<string, (event: { preventDefault(): void }, url?: string) => void>();
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    const contents = {
      on: (name: string, listener: (event: { preventDefault(): void }, url?: string) => void) =>
        listeners.set(name, listener),
      setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
    };
    const fire = (name: string, url?: string) => {
      let prevented = false;
      listeners.get(name)!({ preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    return { contents, fire, open: (url: string) => openHandler!({ url }) };
  }

  it('blocks navigation and redirects to foreign URLs, new windows and webviews', () => {
    const { contents, fire, open } = fakeContents();
    hardenContents(contents as never, FILE_APP);
    expect(fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(fire('will-navigate', `${FILE_APP}#/sets`)).toBe(false);
    expect(fire('will-attach-webview')).toBe(true);
    expect(open('https://homing.example/')).toEqual({ action: 'deny' });
  });
});

describe('hardenSession and isTrustedSender', () => {
  it('refuses every permission', () => {
    let request: ((c: unknown, p: string, cb: (ok: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    hardenSession({
      setPermissionRequestHandler: (handler: typeof request) => (request = handler),
      setPermissionCheckHandler: (handler: typeof check) => (check = handler),
    } as never);
    let granted: boolean | undefined;
    request!(null, 'media', (ok) => (granted = ok));
    expect(granted).toBe(false);
    expect(check!()).toBe(false);
  });

  it('trusts IPC from the app’s page only', () => {
    expect(isTrustedSender(`${FILE_APP}#/`, FILE_APP)).toBe(true);
    expect(isTrustedSender('https://evil.example/', FILE_APP)).toBe(false);
    expect(isTrustedSender(undefined, FILE_APP)).toBe(false);
  });
});
