// `node --import ./register.mjs out/main/index.js`: the built main runs in plain Node, with this
// folder's stand-in answering `import … from 'electron'`. Nothing else is redirected, so a
// workspace package left external in the build fails to load.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
