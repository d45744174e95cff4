// The site and the API on PORT: `npm start` runs it compiled (dist/server/start.js, built first by
// scripts/start.mjs when out of date), `npm run dev` under tsx beside Vite's dev server.
import { ConfigError, loadConfig, type Config } from './config';
import { createServer } from './server';
import { logUnhandledRejections } from './unhandled-rejections';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A wrong setting is the operator's to fix: say which, without a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const logger = {
  level: config.logLevel,
  // Query strings are never logged: an old client may still put a password in one.
  serializers: {
    req: (req: { method: string; url: string; ip?: string }) => ({
      method: req.method,
      url: req.url.split('?')[0],
      ip: req.ip,
    }),
  },
};
const server = await createServer(config, { logger, serveWeb: true });
logUnhandledRejections((details, message) => server.app.log.error(details, message));

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
// After the handlers: a signal that comes as soon as the log says "listening" still drains.
await server.app.listen({ port: config.port, host: config.host });
