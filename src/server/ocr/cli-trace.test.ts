// `npm run ocr -- --trace DIR IMAGE` on the real share image: the crops of every stage as PNG and
// the decisions that explain the reading (grid, per tile text, candidates and card, the code's looks).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { CATALOG_FILE, REAL_SCREENSHOT, REAL_SCREENSHOT_ANSWER } from '../../../test/support/real-data';

const CLI = path.resolve(import.meta.dirname, 'cli.ts');

interface TracedTile {
  tile: string;
  name_read: { text: string; confidence: number };
  candidates: Array<{ code: string; name: string; confidence: number }>;
  chosen: { code: string; name: string; confidence: number } | null;
}

test('--trace writes what each stage saw and decided on the real share image', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-ocr-trace-'));
  try {
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve) => {
        const child = execFile(
          process.execPath,
          ['--import', 'tsx', CLI, '--catalog', CATALOG_FILE, '--trace', dir, REAL_SCREENSHOT],
          { timeout: 150_000 },
          (_error, out, err) => resolve({ code: child.exitCode, stdout: out, stderr: err }),
        );
      },
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const answer = JSON.parse(fs.readFileSync(REAL_SCREENSHOT_ANSWER, 'utf8')) as {
      deck_code: string;
      cards: Array<{ code: string }>;
    };
    expect(JSON.parse(stdout)[0].deck_code).toBe(answer.deck_code);

    const tileNames = Array.from({ length: 18 }, (_, i) => `tile-${String(i + 1).padStart(2, '0')}`);
    const pngs = ['grid', 'code/header', 'code/look-01', ...tileNames.flatMap((t) => [`tiles/${t}`, `names/${t}`])];
    for (const name of pngs) {
      const meta = await sharp(path.join(dir, `${name}.png`)).metadata();
      expect(meta.format, name).toBe('png');
      expect(meta.width, name).toBeGreaterThan(4);
    }
    const grid = await sharp(path.join(dir, 'grid.png')).metadata();
    expect([grid.width, grid.height]).toEqual([800, 1622]);

    const decisions = JSON.parse(fs.readFileSync(path.join(dir, 'decisions.json'), 'utf8'));
    expect(decisions.located.grid).toEqual(expect.objectContaining({ tiles: 18 }));
    expect(decisions.deck_code).toBe(answer.deck_code);
    const tiles = decisions.tiles as TracedTile[];
    expect(tiles.map((t) => t.tile)).toEqual(tileNames);
    expect(tiles.map((t) => t.chosen?.code).sort()).toEqual(answer.cards.map((c) => c.code).sort());
    for (const t of tiles) {
      expect(t.name_read.text.length).toBeGreaterThan(2);
      expect(t.candidates[0]).toEqual(expect.objectContaining({ code: t.chosen?.code }));
    }
    // The tiles looked at twice, with every reading weighed: none here, each of the real image's
    // names is trusted on its first reading.
    expect(decisions.second_looks).toEqual({});
    // The code's looks: what tesseract read on each crop of the header, character by character.
    const looks = Object.entries(decisions.ocr_crops as Record<string, { text: string; characters?: object[] }>);
    const codeLooks = looks.filter(([name]) => name.startsWith('code/look-'));
    expect(codeLooks.length).toBeGreaterThan(0);
    expect(
      codeLooks.some(([, look]) => look.text.includes(answer.deck_code) && (look.characters?.length ?? 0) > 0),
    ).toBe(true);
    expect(decisions.reading.cards).toHaveLength(18);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);
