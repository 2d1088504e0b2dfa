import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs on its own port (npm run dev); the proxy keeps every call same-origin,
// as it is in production where the API serves the built app itself.
const api = process.env.HOMING_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/healthz': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
