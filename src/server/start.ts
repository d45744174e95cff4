// `npm start`: builds the web app when it is missing, then serves the site and the API on PORT.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { createServer } from './server';
import { logUnhandledRejections } from './unhandled-rejections';
import { WEB_DIST } from './web/routes';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A wrong setting is the operator's to fix: say which, without a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.log('Building the web app (first start)…');
  const { build } = await import('vite');
  await build({ configFile: path.resolve(import.meta.dirname, '../../vite.config.ts'), logLevel: 'warn' });
}

const logger = {
  level: config.logLevel,
  // Query strings are never logged: an old client may still put a password in one.
  serializers: {
    req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }),
  },
};
const server = await createServer(config, { logger, serveWeb: true });
logUnhandledRejections((details, message) => server.app.log.error(details, message));
await server.app.listen({ port: config.port, host: config.host });

// SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database.
const DRAIN_TIMEOUT_MS = 25_000;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.app.log.info(`${signal}: draining`);
    // Orchestrators kill after ~30 s anyway; a stuck request must not keep the process alive.
    setTimeout(() => {
      server.app.log.error('drain did not finish in time: exiting');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS).unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}
