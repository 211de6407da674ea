import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server (npx tsx src/server/main.ts) listens on 3000; the dev server forwards /api to it. */
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
  },
});
