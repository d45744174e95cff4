// While the server shuts down (SIGTERM), requests already in flight are answered with
// `Connection: close`, so their sockets end with the answer. Otherwise each stays open as an idle
// keep-alive connection for up to the keep-alive timeout, and the shutdown waits on it.
import type { FastifyInstance } from 'fastify';

export function registerGracefulDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: it runs on every answer, and an async hook costs a promise each time.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
