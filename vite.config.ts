import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './src/server/web/precompress';

// The web app lives in src/web and is built into dist/web, which the Fastify server serves, with
// brotli and gzip copies of its files beside them (see precompress.ts).
export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompressPlugin()],
  // The manifest tells the server which chunks each lazily loaded page needs (route-preloads.ts).
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false, manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/upload': 'http://localhost:3000' } },
});
