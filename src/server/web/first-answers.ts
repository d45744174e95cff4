// The answers to a page's first API requests (src/common/first-requests.ts), put in its HTML as a
// JSON script the web app reads instead of asking the network. Each is asked of this app through
// inject with the visitor's cookie, so it is exactly what the browser would get: the same route,
// cache, visibility rules and serialisation. Only 200 answers go in; anything else the browser
// asks for itself, as before.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerKey, FIRST_ANSWERS_ID, firstRequestsOf } from '../../common/first-requests';

/**
 * The `<script type="application/json">` with the answers, or '' when the page asks nothing first.
 * A data script is never run, so the Content-Security-Policy needs no hash for it; `<` is escaped
 * so no text in a deck or comment can close the script early.
 */
export async function firstAnswersScript(
  app: FastifyInstance,
  request: FastifyRequest,
  route: string,
  params: Record<string, string>,
): Promise<string> {
  const calls = firstRequestsOf(route, params);
  if (calls.length === 0) return '';
  const headers = request.headers.cookie ? { cookie: request.headers.cookie } : {};
  const answers = await Promise.all(
    calls.map(async (call) => {
      const res = await app.inject({
        method: call.method,
        url: call.path,
        payload: call.body as object | undefined,
        headers,
      });
      return res.statusCode === 200 ? `${JSON.stringify(answerKey(call))}:${res.body}` : null;
    }),
  );
  const json = `{${answers.filter((answer) => answer !== null).join(',')}}`.replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script>`;
}
