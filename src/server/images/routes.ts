import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ALLOWED_WIDTHS, isImageKey, type ImageBody } from './image-store';
import { notFound } from '../http/errors';

// Images are streamed from the store through the site, never answered with a redirect to a signed
// URL of the bucket: the deck rows keep `/upload/{key}` URLs, which then work the same with either
// backend and survive a move between them; the bucket stays private and need not be reachable
// from browsers at all (S3_ENDPOINT may be an internal address); the page's img-src policy stays
// 'self'; and since keys never change, the answers are cacheable forever by browsers and by any
// proxy or CDN in front, where a signed URL expires and costs each viewer an extra round trip.
// The price is the bytes passing through the web instance, which a cache in front takes off it.

function sendImage(res: FastifyReply, body: ImageBody | null) {
  if (!body) throw notFound('No such image.');
  return (
    res
      .header('content-type', 'image/webp')
      // Keys are never reused, so an image never changes.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body)
  );
}

/** The smallest allowed width at least as wide as asked (the largest for anything wider); null for no width at all. */
function allowedWidth(segment: string): number | null {
  const width = Number(/^w_(\d+)$/.exec(segment)?.[1]);
  if (!Number.isFinite(width) || width <= 0) return null;
  return ALLOWED_WIDTHS.find((w) => w >= width) ?? ALLOWED_WIDTHS[ALLOWED_WIDTHS.length - 1];
}

export const imageRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { key: string } }>('/:key', async (request, res) =>
    sendImage(res, await app.images.original(request.params.key)),
  );

  app.get<{ Params: { width: string; key: string } }>('/:width/:key', async (request, res) => {
    const { key } = request.params;
    if (!isImageKey(key)) throw notFound('No such image.');
    const width = allowedWidth(request.params.width);
    if (width === null) throw notFound('No such image size.');
    return sendImage(res, await app.images.resized(key, width));
  });
};
