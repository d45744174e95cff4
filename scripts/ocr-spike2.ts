import { readFileSync, writeFileSync } from 'node:fs';
import { decodeImage } from '../src/server/uploads/ocr/image-input.ts';
import { findTileGrid } from '../src/server/uploads/ocr/tile-grid.ts';
import { whiteTextImage } from '../src/server/uploads/ocr/text-crops.ts';
import { createOcrPool, type OcrJob } from '../src/server/uploads/ocr/worker-pool.ts';
import sharp from 'sharp';
const pool = await createOcrPool();
const img = await decodeImage(readFileSync('/work/shared/data/screenshots/share-image-1.jpg'));
const grid = findTileGrid(img)!;
const hdr = await whiteTextImage(img, { left: grid.tiles[1].left, top: 0, width: grid.tiles[3].left - grid.tiles[1].left, height: grid.top }, { scale: 2 });
writeFileSync('/tmp/ocr/hdr.png', hdr);
console.log(await sharp(hdr).metadata().then((m) => [m.width, m.height]));
const names: OcrJob[] = await Promise.all(grid.tiles.map(async (t) => ({ image: await whiteTextImage(img, { left: t.left + 5, top: t.top + t.height * 0.735, width: t.width - 10, height: t.height * 0.095 }, { scale: 2.2 }), mode: 'line' as const })));
for (let k = 0; k < 2; k++) {
  let t = performance.now(); await pool.recognizeAll(names); console.log('names', (performance.now() - t).toFixed(0));
  t = performance.now(); await pool.recognizeAll([{ image: hdr, mode: 'block' }]); console.log('hdr', (performance.now() - t).toFixed(0));
  t = performance.now(); await pool.recognizeAll([{ image: hdr, mode: 'block' }, ...names]); console.log('both', (performance.now() - t).toFixed(0));
}
await pool.close();
