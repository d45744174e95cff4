import { Writable } from 'node:stream';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { testDatabases } from '../../../test/support/databases';
import { newAccount } from '../../../test/support/accounts';

it('never writes a password to the server log, even at trace level', async () => {
  const handle = await testDatabases()[0].open();
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  const config = { ...loadConfig({}), dataDir: handle.dataDir, seedDemo: false };
  const app = await buildApp({ config, db: handle.db, dialect: handle.dialect, logger: { level: 'trace', stream } });
  try {
    const account = newAccount();
    await app.inject({ method: 'POST', url: '/api/users/x', payload: account });
    await app.inject({
      method: 'POST',
      url: '/api/users/passwordlogin/',
      payload: { username: account.username, password: account.password },
    });
    await app.inject({
      method: 'POST',
      url: '/api/users/passwordlogin/',
      payload: { username: account.username, password: 'Wrong#Guess1' },
    });
    await app.inject({ method: 'POST', url: '/api/users/x', payload: { ...account, password: 'bad pass word' } });
    await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token: 'nope', password: 'Reset#Pass1' },
    });
    expect(log).toContain('passwordlogin');
    for (const secret of [account.password, 'Wrong#Guess1', 'bad pass word', 'Reset#Pass1'])
      expect(log).not.toContain(secret);
  } finally {
    await app.close();
    await handle.close();
  }
});
