import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { STATUS_CODES } from 'node:http';
import { cardCodeSchema } from '../../common/api/cards';
import { deckIdSchema } from '../../common/api/decks';
import { matchPage } from '../../common/pages';
import { findDeck, findDeckOwner } from '../decks/deck-store';
import { findUserByUsername } from '../accounts/user-store';
import { hasCard } from '../cards/card-store';
import { injectDeckMeta } from './share-meta';
import { viewerOf } from '../accounts/session-plugin';
import { can } from '../policies';
import { PROJECT_ROOT } from '../project-root';
import type { FastifyRequest } from 'fastify';

/** Where `vite build` puts the web app (read from src/server under tsx and from dist/server when built). */
export const WEB_DIST = path.join(PROJECT_ROOT, 'dist/web');

/** Methods that read: HEAD answers as GET does, without the body (monitors and link checkers send it). */
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * Serves the built web app: its files, and index.html for every other page path so deep links
 * like /decks/{id} work (SPA fallback). Unknown /api and /upload paths stay JSON 404s.
 */
export const webRoutes = fp<{ serveWeb: boolean; webDist?: string }>(async (app, { serveWeb, webDist = WEB_DIST }) => {
  const hasWeb = serveWeb && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, cacheControl: false });
    // Vite's hashed assets never change; index.html must always be fresh.
    app.get('/assets/*', (request, res) => {
      res.header('cache-control', 'public, max-age=31536000, immutable');
      return res.sendFile(`assets/${(request.params as { '*': string })['*']}`);
    });
  }
  const indexHtml = hasWeb ? fs.readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';

  /** The configured public origin, else the one the request came to. */
  const originOf = (protocol: string, host: string) => app.config.publicUrl?.replace(/\/+$/, '') ?? `${protocol}://${host}`;

  /**
   * index.html and its status: a deck's share preview tags on /decks/{id}; 404 for a path that is no
   * page, an unknown deck, card or user (the app then shows its not-found page).
   */
  async function pageHtml(request: FastifyRequest, pathname: string, protocol: string, host: string): Promise<{ status: number; html: string }> {
    const page = matchPage(pathname);
    if (page?.path === '/decks/:deckId') {
      const id = deckIdSchema.safeParse(page.params.deckId);
      const owner = id.success ? await findDeckOwner(app.db, id.data) : undefined;
      // A deck a moderator hid is missing for all but its author and moderators, and so is its preview.
      const deck = owner && can(await viewerOf(request), 'item.see', owner) ? await findDeck(app.db, owner.id) : undefined;
      return deck ? { status: 200, html: injectDeckMeta(indexHtml, deck, originOf(protocol, host)) } : { status: 404, html: indexHtml };
    }
    if (page?.path === '/cards/:code') {
      const code = cardCodeSchema.safeParse(page.params.code);
      return { status: code.success && (await hasCard(app.db, code.data)) ? 200 : 404, html: indexHtml };
    }
    if (page?.path === '/users/:username') return { status: (await findUserByUsername(app.db, page.params.username)) ? 200 : 404, html: indexHtml };
    return { status: page ? 200 : 404, html: indexHtml };
  }

  app.setNotFoundHandler(async (request, res) => {
    const pathname = request.url.split('?')[0];
    const isPage = isRead(request.method) && !pathname.startsWith('/api/') && !pathname.startsWith('/upload/') && !path.extname(pathname);
    if (hasWeb && isPage) {
      const { status, html } = await pageHtml(request, pathname, request.protocol, request.host);
      return res.status(status).header('cache-control', 'no-cache').type('text/html').send(html);
    }
    if (hasWeb && isRead(request.method) && !pathname.startsWith('/api/')) {
      const file = path.join(webDist, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
      if (file.startsWith(webDist) && fs.existsSync(file) && fs.statSync(file).isFile()) return res.sendFile(path.relative(webDist, file));
    }
    return res.status(404).send({ error: STATUS_CODES[404], message: `No route ${request.method} ${pathname}.` });
  });
});
