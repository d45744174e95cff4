import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routePreloadTags } from './route-preloads';

/** A build with Vite's manifest: the entry shares a chunk with the meta page, which has its own chunk and CSS. */
function distWithManifest(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-manifest-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  const manifest = {
    'main.tsx': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_shared.js'],
      css: ['assets/index-1.css'],
      dynamicImports: ['features/meta/MetaPage.tsx'],
    },
    '_shared.js': { file: 'assets/shared-2.js' },
    '_charts.js': { file: 'assets/charts-3.js', imports: ['_shared.js'] },
    'features/meta/MetaPage.tsx': {
      file: 'assets/MetaPage-4.js',
      isDynamicEntry: true,
      imports: ['_shared.js', '_charts.js'],
      css: ['assets/MetaPage-4.css'],
    },
  };
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

test("a lazily loaded page's chunks and CSS, without what index.html loads already", () => {
  const dir = distWithManifest();
  try {
    const tags = routePreloadTags(dir);
    expect(tags.get('/meta')?.split(/\n\s*/)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/MetaPage-4.js">',
      '<link rel="modulepreload" crossorigin href="/assets/charts-3.js">',
      '<link rel="stylesheet" crossorigin href="/assets/MetaPage-4.css">',
    ]);
    // Pages in the main script, and pages the build does not have, preload nothing.
    expect(tags.get('/')).toBeUndefined();
    expect(tags.get('/decks/:deckId')).toBeUndefined();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a build without a manifest preloads nothing', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-manifest-'));
  expect(routePreloadTags(dir).size).toBe(0);
  fs.rmSync(dir, { recursive: true, force: true });
});
