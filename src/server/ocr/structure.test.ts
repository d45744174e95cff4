// The reader's folder stays staged (issue 35): no import cycle among its modules, so each stage can be
// read and tested on its own, and a short top level, the concerns living in their folders.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const OCR_ROOT = import.meta.dirname;
const IMPORT = /^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm;
const MAX_TOP_LEVEL_FILES = 10;

function modulesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The modules of the folder that `file` imports (type-only imports included: they tie modules too). */
function importsOf(file: string, known: Set<string>): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(IMPORT)]
    .map((match) => path.resolve(path.dirname(file), match[1]))
    .flatMap((target) => [target, `${target}.ts`, path.join(target, 'index.ts')].filter((f) => known.has(f)));
}

/** Every cycle found by a depth-first walk, each as the chain of files that closes it. */
function importCycles(files: string[]): string[][] {
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles.map((cycle) => cycle.map((f) => path.relative(OCR_ROOT, f)));
}

describe('the structure of src/server/ocr', () => {
  it('has no import cycle among its modules', () => {
    const files = modulesUnder(OCR_ROOT);
    expect(files.length).toBeGreaterThan(30);
    expect(importCycles(files)).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-cycle-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
      fs.writeFileSync(
        path.join(dir, 'b.ts'),
        "import type { a } from './a';\nexport const b = 1 as unknown as typeof a;\n",
      );
      const files = modulesUnder(dir);
      const cycles = importCycles(files);
      expect(cycles.length).toBe(1);
      expect(cycles[0].map((f) => path.basename(f))).toEqual(['a.ts', 'b.ts', 'a.ts']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it(`keeps at most ${MAX_TOP_LEVEL_FILES} files at its top; the rest live in folders by concern`, () => {
    const topFiles = fs.readdirSync(OCR_ROOT, { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(topFiles.length).toBeLessThanOrEqual(MAX_TOP_LEVEL_FILES);
  });
});
