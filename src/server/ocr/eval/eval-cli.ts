// `npm run ocr:eval [-- --limit N] [--export DIR]`: reads the images of the published readings
// again with the current reader and scores it against what the players published (recall,
// precision, deck codes, time), on the configured database and image store (DATABASE_URL or
// DATA_DIR's SQLite file; S3_BUCKET or DATA_DIR/uploads). `--export DIR` writes each image and its
// answer (DIR/<reading id>.webp and .json: {image, deck_code, cards: [{code, name}]}) as a corpus
// for the reader's regression tests and for training the code classifier.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { migrateToLatest, openDb } from '../../db/connect';
import { openImageStore, type ImageBody } from '../../images/image-store';
import { publishedReadings } from '../../readings/reading-store';
import { catalogIndexOf } from '../catalog/catalog-index-cache';
import { readDeckImage } from '../runtime/read-deck-image';
import { createOcrPool } from '../runtime/worker-pool';
import { scoreDeck, summarise, type DeckScore } from './eval-readings';

async function bytesOf(body: ImageBody): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const share = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { limit: { type: 'string' }, export: { type: 'string' } } });
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) {
    console.error('usage: npm run ocr:eval -- [--limit N] [--export DIR]');
    return 2;
  }
  const config = loadConfig();
  const handle = openDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'deckhub.sqlite') });
  const images = await openImageStore(config);
  const pool = await createOcrPool();
  try {
    await migrateToLatest(handle.db);
    const index = await catalogIndexOf(handle.db).get();
    const readings = await publishedReadings(handle.db, limit);
    if (values.export) await mkdir(values.export, { recursive: true });
    const scores: DeckScore[] = [];
    for (const reading of readings) {
      const body = await images.original(reading.imageKey);
      if (!body) {
        scores.push({ ...scoreDeck(reading, { cards: [], deck_code: null }, 0), error: 'image missing' });
        continue;
      }
      const image = await bytesOf(body);
      const started = performance.now();
      try {
        const answer = await readDeckImage(image, { pool, index });
        scores.push(scoreDeck(reading, answer, performance.now() - started));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        scores.push({ ...scoreDeck(reading, { cards: [], deck_code: null }, 0), error: message });
      }
      if (values.export) {
        const name = `${reading.id}.webp`;
        await writeFile(path.join(values.export, name), image);
        const answer = { image: name, deck_code: reading.published.deckCode, cards: reading.published.cards };
        await writeFile(path.join(values.export, `${reading.id}.json`), `${JSON.stringify(answer, null, 2)}\n`);
      }
    }
    const summary = summarise(scores);
    console.log(`decks:      ${summary.decks}${summary.failed > 0 ? ` (${summary.failed} not read)` : ''}`);
    console.log(`recall:     ${share(summary.recall)}`);
    console.log(`precision:  ${share(summary.precision)}`);
    console.log(`deck codes: ${share(summary.deckCodeAccuracy)}`);
    console.log(
      `time:       median ${summary.medianMs === null ? '–' : Math.round(summary.medianMs)} ms, p95 ${summary.p95Ms === null ? '–' : Math.round(summary.p95Ms)} ms`,
    );
    if (values.export) console.log(`exported ${readings.length} images and answers to ${path.resolve(values.export)}`);
    return summary.failed > 0 ? 1 : 0;
  } finally {
    await pool.close();
    await images.close();
    await handle.close();
  }
}

process.exitCode = await main();
