import { defineConfig } from 'vite';
import { homingConfig } from './vite.config.ts';

// The finder page's own build (see vite.config.ts).
export default defineConfig(homingConfig('found'));
