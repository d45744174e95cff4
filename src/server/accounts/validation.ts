import type { FastifyError, FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors';

/**
 * Makes the account routes answer a broken rule with its own text
 * ('Password must contain at least 8 characters!'), which the web shows as it is, instead of the
 * generic "Invalid body.password: …" of the app-wide handler. Applies to routes of the calling
 * plugin only.
 */
export function answerWithRuleMessages(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.attachValidation = true;
  });
  app.addHook('preHandler', async (request) => {
    const error = request.validationError as FastifyError | undefined;
    if (!error) return;
    const issue = error.validation?.[0];
    // A missing or non-object body has no field to blame.
    if (!issue || !issue.instancePath) throw badRequest('The request body must be a JSON object.');
    throw badRequest(issue.message ?? 'Invalid request.');
  });
}
