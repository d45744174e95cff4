import crypto from 'node:crypto';
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
import { escapeHtml, injectDeckMeta } from './share-meta';
import { firstAnswersScript } from './first-answers';
import { routePreloadTags } from './route-preloads';
import { DECK_PAGE_IMAGE_WIDTH } from '../../common/first-requests';
import { resizedImageUrl } from '../../common/image-urls';
import { PRECOMPRESSED_SUFFIXES } from './precompress';
import { viewerOf } from '../accounts/session-plugin';
import { can } from '../policies';
import { PROJECT_ROOT } from '../project-root';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Where `vite build` puts the web app (read from src/server under tsx and from dist/server when built). */
export const WEB_DIST = path.join(PROJECT_ROOT, 'dist/web');

/** Where the deck page shows its image beside the text rather than under it (src/web/styles.css). */
const DECK_IMAGE_BESIDE_TEXT = '(min-width: 769px)';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** The brotli and gzip copies are sent in place of their file, never under their own name. */
const COMPRESSED_COPIES = PRECOMPRESSED_SUFFIXES.map((suffix) => `**/*${suffix}`);

/** Methods that read: HEAD answers as GET does, without the body (monitors and link checkers send it). */
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** Whether an If-None-Match header names this ETag (a list, weak forms, or `*`). */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

/**
 * Serves the built web app: its files, and index.html for every other page path so deep links
 * like /decks/{id} work (SPA fallback). Unknown /api and /upload paths stay JSON 404s.
 */
export const webRoutes = fp<{ serveWeb: boolean; webDist?: string }>(async (app, { serveWeb, webDist = WEB_DIST }) => {
  const hasWeb = serveWeb && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // Each file found here at start gets a route of its own (wildcard: false). Those exact routes
    // win over any '/assets/*' route, so headers for the assets are set through the plugin itself.
    // Vite's hashed assets never change under their name: cached for a year, never revalidated.
    if (fs.existsSync(path.join(webDist, 'assets'))) {
      await app.register(fastifyStatic, {
        root: path.join(webDist, 'assets'),
        prefix: '/assets/',
        wildcard: false,
        index: false,
        preCompressed: true,
        maxAge: ONE_YEAR_MS,
        immutable: true,
        globIgnore: COMPRESSED_COPIES,
        decorateReply: false,
      });
    }
    // The files at the root (the favicon, robots.txt) keep their names across builds: revalidated.
    // index.html is no file here: every page is answered below, with its status and tags.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['assets/**', 'index.html', ...COMPRESSED_COPIES],
    });
  }
  const routePreloads = hasWeb ? routePreloadTags(webDist) : new Map();
  const indexHtml = hasWeb ? fs.readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';

  /** The configured public origin, else the one the request came to. */
  const originOf = (protocol: string, host: string) =>
    app.config.publicUrl?.replace(/\/+$/, '') ?? `${protocol}://${host}`;

  /**
   * index.html and its status: a deck's share preview tags on /decks/{id}; 404 for a path that is no
   * page, an unknown deck, card or user (the app then shows its not-found page).
   */
  async function foundPage(
    request: FastifyRequest,
    page: ReturnType<typeof matchPage>,
    protocol: string,
    host: string,
  ): Promise<{ status: number; html: string }> {
    if (page?.path === '/decks/:deckId') {
      const id = deckIdSchema.safeParse(page.params.deckId);
      const owner = id.success ? await findDeckOwner(app.db, id.data) : undefined;
      // A deck a moderator hid is missing for all but its author and moderators, and so is its preview.
      const deck =
        owner && can(await viewerOf(request), 'item.see', owner) ? await findDeck(app.db, owner.id) : undefined;
      if (!deck) return { status: 404, html: indexHtml };
      // Beside the text (wider than 768 px, styles.css) the deck image is the page's largest paint:
      // fetched with the script, not after it has run. Narrower, it sits below the card list, and
      // fetched early it would only take bandwidth from the script (phone LCP is the title).
      const imageUrl = escapeHtml(resizedImageUrl(deck.image, DECK_PAGE_IMAGE_WIDTH));
      const preload = `<link rel="preload" as="image" href="${imageUrl}" media="${DECK_IMAGE_BESIDE_TEXT}" fetchpriority="high" />`;
      return {
        status: 200,
        html: injectDeckMeta(indexHtml, deck, originOf(protocol, host)).replace(
          '</head>',
          () => `  ${preload}\n  </head>`,
        ),
      };
    }
    if (page?.path === '/cards/:code') {
      const code = cardCodeSchema.safeParse(page.params.code);
      return { status: code.success && (await hasCard(app.db, code.data)) ? 200 : 404, html: indexHtml };
    }
    if (page?.path === '/users/:username')
      return { status: (await findUserByUsername(app.db, page.params.username)) ? 200 : 404, html: indexHtml };
    return { status: page ? 200 : 404, html: indexHtml };
  }

  /** The page's HTML, with the answers to its first API requests inside when it exists. */
  async function pageHtml(
    request: FastifyRequest,
    pathname: string,
    protocol: string,
    host: string,
  ): Promise<{ status: number; html: string }> {
    const page = matchPage(pathname);
    const found = await foundPage(request, page, protocol, host);
    // The meta's first answers are those of its default view; another view asks for its own.
    if (!page || found.status !== 200 || (page.path === '/meta' && request.url.includes('?'))) return found;
    const answers = await firstAnswersScript(app, request, page.path, page.params);
    const preloads = routePreloads.get(page.path);
    const html = preloads ? found.html.replace('</head>', () => `  ${preloads}\n  </head>`) : found.html;
    return { status: 200, html: html.replace('</body>', () => `${answers}</body>`) };
  }

  /** What no other route answers: a page, a file added to the web app after start, else a JSON 404. */
  async function answerUnrouted(request: FastifyRequest, res: FastifyReply) {
    const pathname = request.url.split('?')[0];
    const isPage =
      isRead(request.method) &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/upload/') &&
      !path.extname(pathname);
    if (hasWeb && isPage) {
      const { status, html } = await pageHtml(request, pathname, request.protocol, request.host);
      // The page changes with every build and with its data: the browser keeps it but asks each
      // time, and an unchanged page costs a 304 without a body.
      const etag = `"${crypto.createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
      res.header('cache-control', 'no-cache').header('etag', etag);
      if (status === 200 && ifNoneMatch(request.headers['if-none-match'], etag)) return res.status(304).send();
      return res.status(status).type('text/html; charset=utf-8').send(html);
    }
    // Dot folders (Vite's .vite/manifest.json) are build records, not the site's files.
    if (
      hasWeb &&
      isRead(request.method) &&
      !pathname.startsWith('/api/') &&
      !pathname.split('/').some((part) => part.startsWith('.'))
    ) {
      const file = path.join(webDist, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
      if (file.startsWith(webDist) && fs.existsSync(file) && fs.statSync(file).isFile())
        return res.sendFile(path.relative(webDist, file));
    }
    return res.status(404).send({ error: STATUS_CODES[404], message: `No route ${request.method} ${pathname}.` });
  }

  // Reads go through a route of their own (HEAD too, as Fastify adds it), not the not-found
  // handler: only routes get the compression hook, and a page is over 1 KB.
  if (hasWeb) app.get('/*', answerUnrouted);
  app.setNotFoundHandler(answerUnrouted);
});
