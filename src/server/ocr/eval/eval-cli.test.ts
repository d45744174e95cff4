// `npm run ocr:eval` on a small database of decks published from readings of generated
// screenshots: it reads their stored images again, prints the scores, and exports the corpus.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateScreenshot } from '../../demo/share-screenshot';
import { imageUrlOf } from '../../images/image-store';
import { compareReading } from '../../readings/reading-outcome';
import { recordPublishOutcome, saveReading } from '../../readings/reading-store';
import { describeEachDatabase } from '../../../../test/support/test-app';
import { buildDeck, buildUser } from '../../../../test/support/factories';
import { importRealCatalog } from '../../../../test/support/images';
import { loadRealCatalog } from '../../../../test/support/real-data';

const CLI = path.resolve(import.meta.dirname, 'eval-cli.ts');

describeEachDatabase('npm run ocr:eval', (ctx) => {
  test('scores the current reader on the published readings and exports image + answer per deck', async () => {
    await importRealCatalog(ctx.db);
    const user = await buildUser(ctx.db);
    const catalog = loadRealCatalog();
    const truths = [];
    for (const seed of [11, 12]) {
      const shot = await generateScreenshot(catalog, { seed, width: 800, quality: 90 });
      const imageKey = await ctx.app.images.save(shot.image);
      const published = {
        cards: shot.truth.cards.map(({ code, name }) => ({ code, name })),
        deckCode: shot.truth.deck_code,
      };
      // What was read at upload does not matter here: the evaluation reads the image again.
      const tiles = published.cards.map((c) => ({ ...c, confidence: 0.9, alternatives: [] }));
      const id = await saveReading(ctx.db, {
        userId: user.id,
        imageKey,
        tiles,
        deckCode: null,
        path: 'grid',
        readMs: 1,
      });
      const deckId = await buildDeck(ctx.db, user.id, { image: imageUrlOf(imageKey) });
      await recordPublishOutcome(
        ctx.db,
        id,
        deckId,
        compareReading({ cards: published.cards, deckCode: null }, published),
      );
      truths.push({ id, published });
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-ocr-eval-'));
    try {
      const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
        (resolve) => {
          const child = execFile(
            process.execPath,
            ['--import', 'tsx', CLI, '--export', dir],
            { timeout: 150_000, env: { ...process.env, ...ctx.childEnv } },
            (_error, out, err) => resolve({ code: child.exitCode, stdout: out, stderr: err }),
          );
        },
      );
      expect(stderr).toBe('');
      expect(code).toBe(0);
      console.info(stdout);
      expect(stdout).toMatch(/^decks: +2$/m);
      const recall = Number(/^recall: +([\d.]+)%$/m.exec(stdout)?.[1]);
      const precision = Number(/^precision: +([\d.]+)%$/m.exec(stdout)?.[1]);
      expect(recall).toBeGreaterThan(80);
      expect(precision).toBeGreaterThan(80);
      expect(stdout).toMatch(/^deck codes: +[\d.]+%$/m);
      expect(stdout).toMatch(/^time: +median \d+ ms, p95 \d+ ms$/m);
      for (const truth of truths) {
        const answer = JSON.parse(fs.readFileSync(path.join(dir, `${truth.id}.json`), 'utf8'));
        expect(answer).toEqual({
          image: `${truth.id}.webp`,
          deck_code: truth.published.deckCode,
          cards: truth.published.cards,
        });
        expect(fs.statSync(path.join(dir, `${truth.id}.webp`)).size).toBeGreaterThan(0);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // A child process starting its own reader threads and reading two images on a shared machine.
  }, 180_000);
});
