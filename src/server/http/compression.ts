// Answers over 1 KB compressed for a browser that asks (br, else gzip): a 12-deck search page is
// 21 KB of JSON, about 3 KB in brotli. Registered before every route, because the plugin adds its
// hook to each route as the route is declared.
// What it leaves alone: answers under 1 KB (the headers would cost more than they save), images
// (their types are not compressible: already compressed), event streams (text/event-stream is not
// in the plugin's default types, and compressing would hold events back in the compressor's
// buffer), and answers that carry a Content-Encoding already (the web app's precompressed files).
// Brotli runs at quality 4 (the plugin's default): the highest levels cost milliseconds per answer.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are. */
export const COMPRESSION_THRESHOLD = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // globalDecompression: the plugin would also inflate request bodies sent with a Content-Encoding;
  // the site never sends one, so that stays off (no new way for a small upload to become a large one).
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
  });
}
