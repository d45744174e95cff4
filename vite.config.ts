import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/web and is built into dist/web, which the Fastify server serves. In
// `npm run dev` Vite serves it with hot reload and passes the server's paths to the server on PORT.
const server = `http://localhost:${process.env.PORT || 3000}`;

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': server, '/upload': server } },
});
