/**
 * Reads deck screenshots from the command line:
 *   npx tsx src/server/ocr/cli.ts --catalog cue-cards.json IMAGE...
 * Prints a JSON array, one `{file, deck_code, cards: [{code, name}], ms}` per image, in order.
 * An image that cannot be read gets `error` instead of cards; the exit code is then 1.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadCatalogIndex } from './catalog/card-list';
import { readDeckImage } from './runtime/read-deck-image';
import { createOcrPool } from './runtime/worker-pool';

interface CliResult {
  file: string;
  deck_code: string | null;
  cards: Array<{ code: string; name: string }>;
  ms: number;
  error?: string;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { catalog: { type: 'string' } }, allowPositionals: true });
  if (!values.catalog || positionals.length === 0) {
    process.stderr.write('usage: cli.ts --catalog CARDS.json IMAGE...\n');
    return 2;
  }
  const index = await loadCatalogIndex(values.catalog);
  const pool = await createOcrPool();
  const results: CliResult[] = [];
  let failed = false;
  try {
    for (const file of positionals) {
      const started = performance.now();
      try {
        const reading = await readDeckImage(await readFile(file), { pool, index });
        results.push({
          file,
          deck_code: reading.deck_code,
          cards: reading.cards.map(({ code, name }) => ({ code, name })),
          ms: Math.round(performance.now() - started),
        });
      } catch (error) {
        failed = true;
        const message = error instanceof Error ? error.message : String(error);
        results.push({ file, deck_code: null, cards: [], ms: Math.round(performance.now() - started), error: message });
      }
    }
  } finally {
    await pool.close();
  }
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
