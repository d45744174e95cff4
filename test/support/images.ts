// Image files for the upload tests, made on the fly: good ones of each format, and every kind of
// bad one the upload must refuse.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { Db } from '../../src/server/db/connect';
import { importCards, parseCardList } from '../../src/server/cards/import-cards';
import { CATALOG_FILE, REAL_SCREENSHOT, REAL_SCREENSHOT_ANSWER } from './real-data';

/** The real card list (5,005 cards) in the test database. */
export async function importRealCatalog(db: Db): Promise<void> {
  await importCards(db, parseCardList(fs.readFileSync(CATALOG_FILE, 'utf8')));
}

export function expectedScreenshotDeck(): { deck_code: string; cards: { code: string; name: string }[] } {
  return JSON.parse(fs.readFileSync(REAL_SCREENSHOT_ANSWER, 'utf8')) as {
    deck_code: string;
    cards: { code: string; name: string }[];
  };
}

const plain = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } });

export const pngImage = (width = 600, height = 800) => plain(width, height).png().toBuffer();
export const webpImage = (width = 600, height = 800) => plain(width, height).webp().toBuffer();
/** A JPEG carrying EXIF data (camera and GPS-like fields), which the stored copy must not keep. */
export const jpegWithExif = (width = 600, height = 800) =>
  plain(width, height)
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1', ImageDescription: 'home address' } })
    .toBuffer();

/** Two frames, as an animated GIF. */
export async function animatedGif(): Promise<Buffer> {
  const frame = await plain(40, 40).png().toBuffer();
  const other = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
  return sharp([frame, other], { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** Two frames, as an animated WebP: the format is accepted, the animation is not. */
export async function animatedWebp(): Promise<Buffer> {
  const frame = await plain(40, 40).png().toBuffer();
  const other = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
  return sharp([frame, other], { join: { animated: true } })
    .webp()
    .toBuffer();
}

/** The first half of a real JPEG: a valid header, then the data stops. */
export function truncatedJpeg(): Buffer {
  const jpeg = fs.readFileSync(REAL_SCREENSHOT);
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real, valid decompression bomb: a black 1-bit PNG of width×height pixels. 20000×20000 is
 * about 50 KB on disk and 400 megapixels (1.2 GB as RGB) decoded.
 */
export function bombPng(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PNG whose header claims width×height pixels but whose pixel data is a few garbage bytes: it
 * can only be refused for its size if the size is judged from the header, before decoding.
 */
export function headerOnlyPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from('not deflate data')),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every file under a folder, recursively (empty when the folder does not exist). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** A multipart form with one file and text fields (a field given a list is repeated). */
export function formWith(
  fields: Record<string, string | string[] | undefined>,
  image?: { bytes: Buffer; filename?: string; type?: string },
): FormData {
  const form = new FormData();
  if (image)
    form.append(
      'image',
      new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'image/png' }),
      image.filename ?? 'deck.png',
    );
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  return form;
}
