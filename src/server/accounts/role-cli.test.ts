import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describeEachDatabase, json } from '../../../test/support/test-app';
import { buildUser } from '../../../test/support/factories';
import { migrateToLatest, openDb } from '../db/connect';
import { setUserRole } from './user-store';

const run = promisify(execFile);

describeEachDatabase('moderator role', (ctx) => {
  test('setUserRole gives and takes the role, by username in any case; the session follows', async () => {
    const user = await buildUser(ctx.db);
    const session = async () =>
      json<{ isModerator?: boolean }>(await ctx.app.inject({ url: '/api/session', headers: { cookie: user.cookie } }));
    expect((await session()).isModerator).toBeUndefined();
    expect(await setUserRole(ctx.db, user.username.toUpperCase(), 'moderator')).toBe(true);
    expect((await session()).isModerator).toBe(true);
    expect((await ctx.app.inject({ url: '/api/moderation/queue', headers: { cookie: user.cookie } })).statusCode).toBe(
      200,
    );
    expect(await setUserRole(ctx.db, user.username, null)).toBe(true);
    expect((await ctx.app.inject({ url: '/api/moderation/queue', headers: { cookie: user.cookie } })).statusCode).toBe(
      403,
    );
    expect(await setUserRole(ctx.db, 'nobody-at-all', 'moderator')).toBe(false);
  });
});

test('npm run users:role -- NAME moderator | none, on the configured database', { timeout: 60_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhub-role-'));
  try {
    const handle = openDb({ sqliteFile: path.join(dataDir, 'deckhub.sqlite') });
    await migrateToLatest(handle.db);
    await buildUser(handle.db, { username: 'ModCandidate' });
    await handle.close();
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'src/server/accounts/role-cli.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      }).then(
        ({ stdout }) => ({ code: 0, out: stdout }),
        (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
      );
    const roleOf = async () => {
      const db = openDb({ sqliteFile: path.join(dataDir, 'deckhub.sqlite') });
      const row = await db.db
        .selectFrom('users')
        .select('role')
        .where('username', '=', 'ModCandidate')
        .executeTakeFirstOrThrow();
      await db.close();
      return row.role;
    };
    expect(await cli('modcandidate', 'moderator')).toEqual({ code: 0, out: 'modcandidate is now a moderator.\n' });
    expect(await roleOf()).toBe('moderator');
    expect(await cli('ModCandidate', 'none')).toEqual({ code: 0, out: 'ModCandidate is now a plain user.\n' });
    expect(await roleOf()).toBeNull();
    expect(await cli('nobody', 'moderator')).toMatchObject({
      code: 1,
      out: expect.stringContaining('No user named "nobody".'),
    });
    expect(await cli('ModCandidate', 'admin')).toMatchObject({
      code: 2,
      out: expect.stringContaining('usage: npm run users:role'),
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
