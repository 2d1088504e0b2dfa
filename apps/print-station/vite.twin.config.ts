import { defineConfig } from 'vite';
import { rendererConfig } from './renderer.config.js';

/**
 * The renderer for a plain browser, with the browser twin of the bridge (no Electron): out/twin.
 * Served with `vite preview` and a proxy of /api to the API (see tests/e2e/station.spec.ts).
 */
const api = process.env.HOMING_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  ...rendererConfig({ twin: true }),
  preview: { proxy: { '/api': { target: api, changeOrigin: true } } },
  server: { proxy: { '/api': { target: api, changeOrigin: true } } },
});
