import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin, UserConfig } from 'vite';

const root = import.meta.dirname;

/**
 * A strict Content-Security-Policy for built pages: scripts and styles from the app only, API
 * calls only to the page's own origin (Electron's go through IPC; the twin's through its proxy).
 * Left out of dev servers, whose React refresh needs inline scripts. Only the twin compiles
 * WebAssembly (it reads scans back in the page; Electron's main does that for the window).
 */
const contentSecurityPolicy = (twin: boolean): Plugin => ({
  name: 'homing-station-csp',
  apply: 'build',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: {
        'http-equiv': 'Content-Security-Policy',
        content:
          `default-src 'self'; script-src 'self'${twin ? " 'wasm-unsafe-eval'" : ''}; ` +
          "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
          "connect-src 'self'; object-src 'none'; base-uri 'none'",
      },
      injectTo: 'head-prepend',
    },
  ],
});

/** The renderer, shared by the Electron build and the browser twin's build. */
export function rendererConfig({ twin }: { twin: boolean }): UserConfig {
  return {
    root: resolve(root, 'src/renderer'),
    base: './',
    plugins: [react(), contentSecurityPolicy(twin)],
    define: { __STATION_TWIN__: JSON.stringify(twin) },
    build: {
      outDir: resolve(root, twin ? 'out/twin' : 'out/renderer'),
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: { input: resolve(root, 'src/renderer/index.html') },
    },
  };
}
