import { readFileSync } from 'node:fs';
import { loadCatalogIndex } from '../src/server/uploads/ocr/card-list.ts';
import { decodeImage } from '../src/server/uploads/ocr/image-input.ts';
import { findTileGrid } from '../src/server/uploads/ocr/tile-grid.ts';
import { createOcrPool } from '../src/server/uploads/ocr/worker-pool.ts';
import { readDeckImage } from '../src/server/uploads/ocr/read-deck.ts';
const index = await loadCatalogIndex('/work/shared/data/cue-cards.json');
const pool = await createOcrPool();
const origRec = pool.recognizeAll.bind(pool);
pool.recognizeAll = async (jobs) => { const t = performance.now(); const r = await origRec(jobs); console.log('  recognizeAll', jobs.length, jobs.map(j=>j.mode).join(','), (performance.now() - t).toFixed(0), 'ms'); return r; };
for (const f of process.argv.slice(2)) {
  const buf = readFileSync(f);
  let t = performance.now();
  const img = await decodeImage(buf); console.log('decode', (performance.now() - t).toFixed(0));
  t = performance.now(); findTileGrid(img); console.log('grid', (performance.now() - t).toFixed(0));
  t = performance.now();
  const r = await readDeckImage(buf, { pool, index });
  console.log('total', (performance.now() - t).toFixed(0), r.deck_code, r.cards.map((c) => `${c.name}:${c.confidence}`).join(' | '));
}
await pool.close();
