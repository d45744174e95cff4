import path from 'node:path';
import { defineConfig } from 'vite';

// The server's production build (`npm run build`, with the web app's vite.config.ts): TypeScript
// bundled into plain ES modules under dist/server, run by node without tsx. Dependencies stay in
// node_modules (an SSR build keeps them external).
//
// Every file lands flat in dist/server, so a module's `new URL('./x', import.meta.url)` finds its
// sibling as it does in src/server/ocr and src/server/db. The thread entries keep their source names:
// the OCR thread's .mjs is plain JavaScript already, and the reader and SQLite read threads' entries,
// which under tsx compile their .ts module on load, are that module compiled.
const root = import.meta.dirname;
const source = (file: string) => path.join(root, 'src/server', file);

export default defineConfig({
  root,
  // No public/ copying and no .env loading: the server reads its own environment at start.
  publicDir: false,
  envDir: false,
  build: {
    ssr: true,
    outDir: path.join(root, 'dist/server'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rollupOptions: {
      input: {
        start: source('start.ts'),
        worker: source('worker.ts'),
        'reader-thread-entry': source('ocr/runtime/reader-thread-worker.ts'),
        'sqlite-read-thread-entry': source('db/sqlite-read-thread.ts'),
        'ocr-worker-thread': source('ocr/runtime/ocr-worker-thread.mjs'),
      },
      output: {
        format: 'es',
        entryFileNames: (chunk) =>
          chunk.name.endsWith('-thread') || chunk.name.endsWith('-entry') ? '[name].mjs' : '[name].js',
        chunkFileNames: '[name]-[hash].js',
      },
    },
  },
});
