import { defineConfig } from 'electron-vite';
import { rendererConfig } from './renderer.config.js';
import { ELECTRON_TARGETS, ELECTRON_VERSION } from './scripts/electronRuntime.js';

// electron-vite reads Electron's major version (output format, targets) from an installed
// electron package unless told; Electron is not installed by `npm install` (scripts/electronRuntime.ts).
process.env.ELECTRON_MAJOR_VER ||= ELECTRON_VERSION.split('.')[0];

// Everything is bundled: the workspace packages (@homing/*, TypeScript sources) and the npm
// dependencies alike (`externalizeDeps: false`), so out/ loads with nothing from the source tree or
// node_modules; only `electron` and Node's built-ins stay imports. The smoke test
// (tests/e2e/station-build.spec.ts) runs the built files from a copy outside the repository.
export default defineConfig({
  main: {
    build: { target: ELECTRON_TARGETS.node, externalizeDeps: false, sourcemap: true },
  },
  preload: {
    // Sandboxed preloads must be CommonJS (Electron cannot load an ES module there).
    build: {
      target: ELECTRON_TARGETS.node,
      externalizeDeps: false,
      rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: (() => {
    const config = rendererConfig({ twin: false });
    return { ...config, build: { ...config.build, target: ELECTRON_TARGETS.chrome } };
  })(),
});
