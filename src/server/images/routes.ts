import fs from 'node:fs';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { ALLOWED_WIDTHS, isImageKey } from './image-store';
import { notFound } from '../http/errors';

/** The stored original of `key`; 404 for a key that is not ours or has no file. */
function originalPath(app: FastifyInstance, key: string): string {
  if (!isImageKey(key) || !fs.existsSync(app.images.pathOf(key))) throw notFound('No such image.');
  return app.images.pathOf(key);
}

function sendImage(res: FastifyReply, file: string) {
  return res
    .header('content-type', 'image/webp')
    // Keys are never reused, so an image never changes.
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(fs.createReadStream(file));
}

export const imageRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { key: string } }>('/:key', async (request, res) => sendImage(res, originalPath(app, request.params.key)));

  app.get<{ Params: { width: string; key: string } }>('/:width/:key', async (request, res) => {
    const { key } = request.params;
    originalPath(app, key);
    const width = Number(/^w_(\d+)$/.exec(request.params.width)?.[1]);
    if (!Number.isFinite(width) || width <= 0) throw notFound('No such image size.');
    const allowed = ALLOWED_WIDTHS.find((w) => w >= width) ?? ALLOWED_WIDTHS[ALLOWED_WIDTHS.length - 1];
    return sendImage(res, await app.images.resized(key, allowed));
  });
};
