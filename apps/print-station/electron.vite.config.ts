import { defineConfig } from 'electron-vite';
import { rendererConfig } from './renderer.config.js';

// Workspace packages (@homing/*) export TypeScript sources: they are bundled, not externalized,
// into main and the renderer. The package declares no runtime dependencies, so nothing else is
// externalized either: out/ is self-contained apart from Electron itself.
export default defineConfig({
  main: {
    build: { sourcemap: true },
  },
  preload: {
    // Sandboxed preloads must be CommonJS (Electron cannot load an ES module there).
    build: { rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } } },
  },
  renderer: rendererConfig({ twin: false }),
});
