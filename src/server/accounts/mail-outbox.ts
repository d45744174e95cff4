import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Mailer } from './mailer';

export interface Outbox {
  /**
   * Runs `task` (which sends mail) after the answer: a slow mail server never holds a request, and
   * known and unknown addresses take the same time. Failures are logged with `what`.
   */
  later(request: FastifyRequest, what: string, task: () => Promise<void>): void;
}

/** Shutting down waits for mail still on its way, then closes the mailer. */
export function createOutbox(app: FastifyInstance, mailer: Mailer): Outbox {
  const inFlight = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
    mailer.close();
  });
  return {
    later(request, what, task) {
      const running = task()
        .catch((err: unknown) => request.log.error({ err }, `${what} failed`))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
  };
}
