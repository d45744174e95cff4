// `npm run cards:import -- FILE`: loads a JSON or CSV card list into the configured database.
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config';
import { migrateToLatest, openDb } from '../db/connect';
import { importCards, parseCardList } from './import-cards';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run cards:import -- FILE (JSON or CSV with Code, Name, Rarity, Type)');
  process.exit(2);
}
const config = loadConfig();
const handle = openDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'deckhub.sqlite') });
try {
  await migrateToLatest(handle.db);
  const report = await importCards(handle.db, parseCardList(await fs.readFile(file, 'utf8')));
  console.log(JSON.stringify(report, null, 2));
} finally {
  await handle.close();
}
