// The image store's contract, held by both backends: the folder under DATA_DIR and an S3 bucket on
// a real S3 protocol server on loopback. What one backend alone promises is tested after it.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ImageBody, ImageStore } from './image-store';
import { FolderImageStore } from './folder-image-store';
import { S3ImageStore } from './s3-image-store';
import { IMAGE_BACKENDS, imageBackend } from '../../../test/support/image-backends';
import { jpegWithExif, pngImage } from '../../../test/support/images';
import { startS3Server } from '../../../test/support/s3-server';

/** The whole body, whether the store streamed it or had it in memory. */
async function bytesOf(body: ImageBody | null): Promise<Buffer> {
  if (!body) throw new Error('no image');
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(IMAGE_BACKENDS)('image store contract [%s]', (name) => {
  const backend = imageBackend(name);
  let store: ImageStore;
  beforeAll(async () => {
    store = await backend.open();
  });
  afterAll(async () => {
    await store?.close();
  });

  test('save stores a WebP without the upload’s metadata; original gives it back', async () => {
    const key = await store.save(await jpegWithExif(900, 1200));
    expect(key).toMatch(/^[0-9a-f]{24}\.webp$/);
    const bytes = await bytesOf(await store.original(key));
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 900, height: 1200 });
    expect(metadata.exif).toBeUndefined();
    expect(await backend.stored()).toContain(key);
  });

  test('original is null for a key never stored and for anything that is not a key', async () => {
    expect(await store.original('0123456789abcdef01234567.webp')).toBeNull();
    for (const bad of ['../deckhub.sqlite', 'w_400', '', '0123456789ABCDEF01234567.webp']) {
      expect(await store.original(bad)).toBeNull();
      expect(await store.resized(bad, 400)).toBeNull();
    }
  });

  test('resized makes the copy at the width once, keeps it, and never enlarges', async () => {
    const key = await store.save(await pngImage(800, 1600));
    const copy = await bytesOf(await store.resized(key, 400));
    expect(await sharp(copy).metadata()).toMatchObject({ format: 'webp', width: 400, height: 800 });
    expect(await backend.stored()).toEqual(expect.arrayContaining([key, `w_400/${key}`]));
    // Asked again, the kept copy is served: the same bytes.
    expect((await bytesOf(await store.resized(key, 400))).equals(copy)).toBe(true);
    expect((await sharp(await bytesOf(await store.resized(key, 1200))).metadata()).width).toBe(800);
  });

  test('resized is null when the original is missing', async () => {
    expect(await store.resized('00000000000000000000beef.webp', 400)).toBeNull();
    expect((await backend.stored()).filter((k) => k.includes('beef'))).toEqual([]);
  });

  test('50 concurrent first requests for one copy: the same bytes for all, one stored copy, one write', async () => {
    const key = await store.save(await pngImage(1200, 2400));
    const copies = await Promise.all(Array.from({ length: 50 }, async () => bytesOf(await store.resized(key, 300))));
    expect(new Set(copies.map((c) => c.toString('base64'))).size).toBe(1);
    const stored = await backend.stored();
    expect(stored.filter((k) => k.endsWith(key))).toEqual([key, `w_300/${key}`]);
    expect(stored.filter((k) => k.endsWith('.tmp'))).toEqual([]);
    if (name === 's3') expect(backend.writes().filter((k) => k === `w_300/${key}`)).toHaveLength(1);
  });

  test('delete removes the original and every copy; deleting again is no error', async () => {
    const key = await store.save(await pngImage(600, 1200));
    await Promise.all([200, 400, 600].map(async (w) => bytesOf(await store.resized(key, w))));
    expect((await backend.stored()).filter((k) => k.endsWith(key))).toHaveLength(4);
    await store.delete(key);
    expect((await backend.stored()).filter((k) => k.endsWith(key))).toEqual([]);
    expect(await store.original(key)).toBeNull();
    await store.delete(key);
  });

  test('list gives every original (never a copy) with the time it was stored', async () => {
    const before = Date.now() - 2000;
    const key = await store.save(await pngImage(300, 600));
    await bytesOf(await store.resized(key, 100));
    const entries = await store.list();
    expect(entries.every((e) => /^[0-9a-f]{24}\.webp$/.test(e.key))).toBe(true);
    const entry = entries.find((e) => e.key === key);
    expect(entry).toBeDefined();
    expect(entry!.storedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(entry!.storedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
  });
});

describe('the folder backend', () => {
  const backend = imageBackend('folder');

  test('writes through temporary files; removeUnfinishedWrites removes only those older than asked', async () => {
    const store = (await backend.open()) as FolderImageStore;
    const key = await store.save(await pngImage(600, 1200));
    await bytesOf(await store.resized(key, 400));
    // What a process killed while writing leaves: a half-written original and a half-written copy.
    const old = [
      path.join(store.root, `.${key}.4242-abcdef.tmp`),
      path.join(store.root, 'w_400', `.${key}.4242-012345.tmp`),
    ];
    const young = path.join(store.root, `.${key}.4343-fedcba.tmp`);
    for (const file of [...old, young]) fs.writeFileSync(file, 'half');
    const anHourAgo = new Date(Date.now() - 3600_000);
    for (const file of old)
      fs.utimesSync(file, new Date(anHourAgo.getTime() - 1000), new Date(anHourAgo.getTime() - 1000));
    expect(await store.removeUnfinishedWrites(anHourAgo)).toBe(2);
    expect((await backend.stored()).filter((k) => k.endsWith('.tmp'))).toEqual([path.relative(store.root, young)]);
    // The images themselves are untouched.
    expect(await backend.stored()).toEqual(expect.arrayContaining([key, `w_400/${key}`]));
    await store.close();
  });
});

describe('the S3 backend', () => {
  test('a bucket that does not exist, or a server that is not there, stops the start with a message naming S3_BUCKET', async () => {
    const s3 = await startS3Server();
    try {
      const settings = await s3.newBucket();
      await expect(S3ImageStore.open({ ...settings, bucket: 'no-such-bucket' })).rejects.toThrow(
        /^The image bucket S3_BUCKET="no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used: .*HTTP 404/,
      );
    } finally {
      await s3.close();
    }
    // The server is gone now: nothing listens on its port.
    await expect(
      S3ImageStore.open({
        bucket: 'deckhub-gone',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      }),
    ).rejects.toThrow(/^The image bucket S3_BUCKET="deckhub-gone" at http:\/\/127\.0\.0\.1:\d+ cannot be used/);
  });

  test('objects carry the WebP type and the immutable cache header, for a CDN or proxy reading the bucket', async () => {
    const s3 = await startS3Server();
    const settings = await s3.newBucket();
    const store = await S3ImageStore.open(settings);
    const client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: settings.credentials,
    });
    try {
      const key = await store.save(await pngImage(200, 400));
      await store.resized(key, 100);
      for (const object of [key, `w_100/${key}`]) {
        const head = await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: object }));
        expect(head).toMatchObject({ ContentType: 'image/webp', CacheControl: 'public, max-age=31536000, immutable' });
      }
    } finally {
      client.destroy();
      await store.close();
      await s3.close();
    }
  });
});
