import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { STATUS_CODES } from 'node:http';

/** Where `vite build` puts the web app. */
export const WEB_DIST = path.resolve(import.meta.dirname, '../../../dist/web');

/**
 * Serves the built web app: its files, and index.html for every other page path so deep links
 * like /decks/{id} work (SPA fallback). Unknown /api and /upload paths stay JSON 404s.
 */
export const webRoutes = fp<{ serveWeb: boolean }>(async (app, { serveWeb }) => {
  const hasWeb = serveWeb && fs.existsSync(path.join(WEB_DIST, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false, cacheControl: false });
    // Vite's hashed assets never change; index.html must always be fresh.
    app.get('/assets/*', (request, res) => {
      res.header('cache-control', 'public, max-age=31536000, immutable');
      return res.sendFile(`assets/${(request.params as { '*': string })['*']}`);
    });
  }
  const indexHtml = hasWeb ? fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8') : '';

  app.setNotFoundHandler(async (request, res) => {
    const pathname = request.url.split('?')[0];
    const isPage = request.method === 'GET' && !pathname.startsWith('/api/') && !pathname.startsWith('/upload/') && !path.extname(pathname);
    if (hasWeb && isPage) return res.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
    if (hasWeb && request.method === 'GET' && !pathname.startsWith('/api/')) {
      const file = path.join(WEB_DIST, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
      if (file.startsWith(WEB_DIST) && fs.existsSync(file) && fs.statSync(file).isFile()) return res.sendFile(path.relative(WEB_DIST, file));
    }
    return res.status(404).send({ error: STATUS_CODES[404], message: `No route ${request.method} ${pathname}.` });
  });
});
