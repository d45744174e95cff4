import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './src/server/web/precompress';

// The web app lives in src/web and is built into dist/web, which the Fastify server serves, with
// brotli and gzip copies of its files beside them (see precompress.ts). In `npm run dev` Vite serves
// it with hot reload and passes the server's paths to the server on PORT.
const server = `http://localhost:${process.env.PORT || 3000}`;

export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompressPlugin()],
  // The manifest tells the server which chunks each lazily loaded page needs (route-preloads.ts).
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false, manifest: true },
  server: { proxy: { '/api': server, '/upload': server } },
});
