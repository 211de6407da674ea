import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The API server (npx tsx src/server/main.ts) listens on 3000; the dev server forwards /api to it. */
const apiTarget = 'http://localhost:3000';

/**
 * Writes a .br and a .gz beside each built script and stylesheet, compressed once at their best, so the
 * server sends those bytes as they are (@fastify/static's preCompressed) instead of compressing per reply.
 */
function precompressAssets(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      if (this.environment.config.build.ssr) return;
      const dir = options.dir ?? 'dist/web';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json|wasm)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompressAssets()],
  // The server bundle (dist/ssr) needs the pages' code only; the pictures are served from dist/web.
  publicDir: isSsrBuild ? false : 'public',
  // The server bundle carries its own React and libraries, built for production: the server does not
  // run with NODE_ENV=production, and React's development build draws pages several times slower.
  ...(isSsrBuild && { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
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
    // Which files each page's module needs (dist/web/.vite/manifest.json): the server sends them with the page.
    manifest: !isSsrBuild,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs on, in chunks that change only when a dependency is upgraded, so they
            // stay cached across releases of the app itself. React apart from the rest: main.tsx runs each
            // as a task of its own.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            {
              name: 'framework',
              test: /node_modules[\\/](react-router|cookie|set-cookie-parser|@tanstack)[\\/]/,
              priority: 2,
            },
            // The component library's parts that most pages use (Box, the theme, text, layout), in one chunk.
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/, minShareCount: 24, priority: 1 },
          ],
        },
      },
    },
  },
}));
