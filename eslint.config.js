import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/** Test code, wherever it lives: it may import test support; product code may not. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'e2e/**', 'bench/**'];

/**
 * The modules a server feature offers the others. Anything else in a feature folder is its own
 * business: another feature importing it is a lint error, so a feature can be changed from inside.
 * `app.ts`, `server.ts` and `demo/` compose the features and may import any of them. Every folder
 * of src/server is a feature (serverFeatures below), so a new one offers nothing until listed here.
 */
const SERVER_FEATURE_API = {
  accounts: ['session-plugin.ts', 'user-store.ts', 'passwords.ts'],
  cards: ['card-store.ts', 'import-cards.ts', 'card-proposals.ts'],
  comments: ['comment-store.ts', 'comment-markdown.ts'],
  decks: ['deck-store.ts', 'deck-writes.ts', 'decks-with-card.ts'],
  images: ['image-store.ts', 'validate-image.ts'],
  meta: [],
  moderation: [],
  ocr: ['deck-reader.ts', 'runtime/ocr-service.ts', 'catalog/catalog-index-cache.ts', 'catalog/parse-card-list.ts'],
  readings: ['reading-store.ts', 'reading-outcome.ts'],
  web: [],
};
/** Folders of src/server that are not features: what every feature builds on, and the demo data, which composes them. */
const SERVER_SHARED_FOLDERS = ['db', 'http'];
const SERVER_COMPOSING_FOLDERS = ['demo'];

const folders = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const serverFeatures = folders('src/server').filter(
  (name) => !SERVER_SHARED_FOLDERS.includes(name) && !SERVER_COMPOSING_FOLDERS.includes(name),
);
// The list names only what exists, so a renamed feature or module cannot silently lose its boundary.
for (const [feature, api] of Object.entries(SERVER_FEATURE_API)) {
  if (!serverFeatures.includes(feature))
    throw new Error(`eslint.config.js: SERVER_FEATURE_API names "${feature}", which is not a folder of src/server`);
  for (const file of api)
    if (!fs.existsSync(`src/server/${feature}/${file}`))
      throw new Error(`eslint.config.js: SERVER_FEATURE_API names src/server/${feature}/${file}, which does not exist`);
}

const serverFeatureZones = serverFeatures.flatMap((feature) =>
  serverFeatures
    .filter((other) => other !== feature)
    .map((other) => ({
      target: `./src/server/${feature}`,
      from: `./src/server/${other}`,
      except: (SERVER_FEATURE_API[other] ?? []).map((file) => `./${file}`),
      message: `A server feature uses only what another one offers (eslint.config.js SERVER_FEATURE_API).`,
    })),
);

/** Web features never import each other: the app (src/web/app) composes them. */
const webFeatures = folders('src/web/features');
const webFeatureZones = webFeatures.map((feature) => ({
  target: `./src/web/features/${feature}`,
  from: './src/web/features',
  except: [`./${feature}`],
  message: 'Web features do not import each other; compose them in src/web/app.',
}));

const layerZones = [
  { target: './src/common', from: './src/server', message: 'src/common is shared by both sides and imports neither.' },
  { target: './src/common', from: './src/web', message: 'src/common is shared by both sides and imports neither.' },
  {
    target: './src/web',
    from: './src/server',
    message: 'The web app talks to the server through the API contract in src/common.',
  },
  { target: './src/server', from: './src/web', message: 'The server does not import the web app.' },
  {
    target: ['./src/web/components', './src/web/lib'],
    from: './src/web/features',
    message: 'Shared web code does not depend on a feature.',
  },
];

/** Product code never imports tests, their support or benchmarks. */
const noTestImports = {
  target: './src',
  from: ['./test', './e2e', './bench'],
  message: 'Product code does not import test or benchmark code.',
};

/** The store's write functions: only decks/deck-writes.ts calls them, so every write evicts what it changed. */
const DECK_STORE_WRITES = ['insertDeck', 'updateDeck', 'deleteDeck', 'changeVote', 'setDeckHidden', 'linkDecksToCard'];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    // TypeScript's resolution first: `../decks/deck-reads.js` names deck-reads.ts, and a boundary must
    // hold whichever way the path is spelled (static or dynamic import, with or without a suffix).
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'tsconfig.json' }),
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-globals': [
        'error',
        { name: 'alert', message: 'Use a toast.' },
        { name: 'confirm', message: 'Use a dialog.' },
      ],
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...serverFeatureZones, ...webFeatureZones] }],
    },
  },
  {
    files: ['src/**'],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [noTestImports, ...layerZones, ...serverFeatureZones, ...webFeatureZones] },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/decks/deck-store', '**/decks/deck-store.js', './deck-store', './deck-store.js'],
              importNames: DECK_STORE_WRITES,
              message: 'Write decks through src/server/decks/deck-writes.ts, which also evicts the cached reads.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one module allowed to call the store's writes; and the demo seed, which writes before the
    // server (and so its cache) exists.
    files: ['src/server/decks/deck-writes.ts', 'src/server/demo/seed-demo.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/server/app.ts', 'src/server/server.ts', 'src/server/demo/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [noTestImports, ...layerZones] }] },
  },
  {
    // Tests set up state through any module they need.
    files: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs['recommended-latest'].rules },
  },
);
