// The import boundaries of eslint.config.js hold however an import is spelled: run ESLint's own API
// on small sources placed (in memory) inside the tree, as `npm run lint` would see them.
import path from 'node:path';
import { ESLint } from 'eslint';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The messages of the import rules for `code` as if it were the file `file`. */
async function importProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const FEATURE_RULE = /^import-x\/no-restricted-paths: .*A server feature uses only what another one offers/;

describe('import boundaries', () => {
  test.each([
    ['a plain path', "import { DeckReads } from '../decks/deck-reads';\nexport const x = DeckReads;\n"],
    ['a .js suffix', "import { DeckReads } from '../decks/deck-reads.js';\nexport const x = DeckReads;\n"],
    ['a dynamic import', "export const load = () => import('../decks/deck-reads');\n"],
    ['a dynamic import with a .js suffix', "export const load = () => import('../decks/deck-reads.js');\n"],
  ])("a server feature importing another's private module through %s is an error", async (_how, code) => {
    const problems = await importProblems('src/server/meta/probe.ts', code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(FEATURE_RULE);
  });

  test('what a feature offers may be imported, with or without the suffix', async () => {
    expect(
      await importProblems(
        'src/server/meta/probe.ts',
        "import { findDeck } from '../decks/deck-store.js';\nexport const x = findDeck;\n",
      ),
    ).toEqual([]);
    expect(
      await importProblems(
        'src/server/meta/probe.ts',
        "import { findDeck } from '../decks/deck-store';\nexport const x = findDeck;\n",
      ),
    ).toEqual([]);
  });

  test('server features come from the folders: ops, not in SERVER_FEATURE_API, is one and offers nothing', async () => {
    const into = await importProblems(
      'src/server/meta/probe.ts',
      "import { readinessChecks } from '../ops/health.js';\nexport const x = readinessChecks;\n",
    );
    expect(into).toHaveLength(1);
    expect(into[0]).toMatch(FEATURE_RULE);
    const outOf = await importProblems(
      'src/server/ops/probe.ts',
      "import { DeckReads } from '../decks/deck-reads.js';\nexport const x = DeckReads;\n",
    );
    expect(outOf).toHaveLength(1);
    expect(outOf[0]).toMatch(FEATURE_RULE);
  });

  test("the deck store's writes stay in deck-writes.ts with a .js suffix too", async () => {
    const problems = await importProblems(
      'src/server/decks/probe.ts',
      "import { insertDeck } from './deck-store.js';\nexport const x = insertDeck;\n",
    );
    expect(problems).toEqual([expect.stringMatching(/^no-restricted-imports: .*deck-writes\.ts/)]);
  });

  test('the web app cannot import the server, with a .js suffix or dynamically', async () => {
    for (const code of [
      "import { loadConfig } from '../../server/config.js';\nexport const x = loadConfig;\n",
      "export const load = () => import('../../server/config');\n",
    ]) {
      const problems = await importProblems('src/web/lib/probe.ts', code);
      expect(problems).toEqual([
        expect.stringMatching(/The server does not import the web app|talks to the server through the API contract/),
      ]);
    }
  });
});
