import { Writable } from 'node:stream';
import { createServer } from '../server';
import { loadConfig } from '../config';
import { hashPassword } from '../accounts/passwords';
import { insertUser, updatePasswordHash } from '../accounts/user-store';
import { DEMO_PASSWORD } from './seed-demo';
import { testDatabases } from '../../../test/support/databases';

const WARNING = 'still sign in with the password README publishes';

/** Starts the whole server (no reader, no demo seeding) on the test database and returns what it logged. */
async function startLog(env: NodeJS.ProcessEnv, childEnv: Record<string, string>): Promise<string> {
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  const config = { ...loadConfig({ ...childEnv, ...env }), seedDemo: false };
  const server = await createServer(config, { logger: { level: 'warn', stream }, ocr: false });
  await server.close();
  return log;
}

for (const database of testDatabases()) {
  describe(`the published demo password [${database.name}]`, () => {
    test('a production server warns at every start while demo accounts keep it; not once they are changed, nor outside production', async () => {
      const handle = await database.open();
      try {
        const passwordHash = await hashPassword(DEMO_PASSWORD);
        const curator = await insertUser(handle.db, {
          username: 'Innkeeper',
          email: 'innkeeper@demo.deckhub.local',
          passwordHash,
        });
        const player = await insertUser(handle.db, {
          username: 'StarGazer',
          email: 'stargazer@demo.deckhub.local',
          passwordHash,
        });
        // A real account that happens to use the same password is the owner's business, not a demo account.
        await insertUser(handle.db, { username: 'RealPlayer', email: 'real@example.com', passwordHash });

        for (let start = 0; start < 2; start++) {
          const log = await startLog({ NODE_ENV: 'production' }, handle.childEnv);
          expect(log).toContain(`2 demo accounts (Innkeeper, StarGazer) ${WARNING}`);
          expect(log).not.toContain('RealPlayer');
        }
        expect(await startLog({}, handle.childEnv)).not.toContain(WARNING);

        await updatePasswordHash(handle.db, curator.id, await hashPassword('A-new#secret-1'));
        expect(await startLog({ NODE_ENV: 'production' }, handle.childEnv)).toContain(
          `1 demo account (StarGazer) still signs in`,
        );
        await updatePasswordHash(handle.db, player.id, await hashPassword('A-new#secret-2'));
        expect(await startLog({ NODE_ENV: 'production' }, handle.childEnv)).not.toContain('demo account');
      } finally {
        await handle.close();
      }
    });

    test('NODE_ENV=production on an empty database creates no demo account', async () => {
      const handle = await database.open();
      try {
        const config = loadConfig({ ...handle.childEnv, NODE_ENV: 'production' });
        const server = await createServer(config, { ocr: false });
        await server.close();
        expect(await handle.db.selectFrom('users').select('username').execute()).toEqual([]);
        expect(await handle.db.selectFrom('decks').select('id').execute()).toEqual([]);
      } finally {
        await handle.close();
      }
    });
  });
}
