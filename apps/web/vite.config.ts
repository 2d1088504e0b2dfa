import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { budgetVerdict, pageSize } from './finderBudget.ts';

// In development the API runs on its own port (npm run dev); the proxy keeps every call same-origin,
// as it is in production where the API serves the built app itself.
const api = process.env.HOMING_API_URL ?? 'http://localhost:3000';

// The finder page is its own small bundle (found.html, src/found). In production the API serves
// found.html for /found/*; in `vite dev` this does the same. It has no dynamic imports, so it skips
// the modulepreload polyfill, which would otherwise become a chunk shared with the main app.
const NO_POLYFILL = '\0finder-no-modulepreload-polyfill';
const finderPage = (): Plugin => ({
  name: 'homing-finder-page',
  enforce: 'pre',
  resolveId(id, importer) {
    if (id === 'vite/modulepreload-polyfill' && importer?.includes('found.html')) return NO_POLYFILL;
  },
  load(id) {
    if (id === NO_POLYFILL) return '';
  },
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const match = req.url && /^\/found(?:\/[^/?#]*)?\/?(\?.*)?$/.exec(req.url);
      if (match) req.url = `/found.html${match[1] ?? ''}`;
      next();
    });
  },
});

// Fails the finder's build when what found.html loads outgrows its budget (finderBudget.ts).
const finderBudget = (): Plugin => ({
  name: 'homing-finder-budget',
  apply: 'build',
  writeBundle(_options, bundle) {
    const verdict = budgetVerdict(pageSize(bundle, 'found.html'));
    // The one line says it all; Rolldown's stack would only point at itself.
    if (!verdict.ok) this.error({ message: verdict.message, stack: '' });
    this.info(verdict.message);
  },
});

/**
 * One build per entry: the finder page (found.html) is built on its own, so it can never share a
 * chunk with the owner/admin app, whatever either imports. `npm run build` runs both.
 */
export function homingConfig(entry: 'main' | 'found'): UserConfig {
  return {
    plugins: [react(), finderPage(), ...(entry === 'found' ? [finderBudget()] : [])],
    server: {
      port: 5173,
      proxy: {
        '/api': { target: api, changeOrigin: true },
        '/healthz': { target: api, changeOrigin: true },
      },
    },
    build: {
      outDir: 'dist',
      // The main build empties dist; the finder build adds to it.
      emptyOutDir: entry === 'main',
      sourcemap: true,
      rolldownOptions: { input: { [entry]: entry === 'main' ? 'index.html' : 'found.html' } },
    },
  };
}

export default defineConfig(homingConfig('main'));
