// Schema-driven fuzzing: every route of the OpenAPI document gets malformed, oversized, wrongly
// typed and boundary path parameters, queries and bodies. However bad the request, the answer is
// never a 5xx nor a stack trace, every refusal is JSON {error, message}, and a refused request
// leaves every table exactly as it was.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { createSession, SESSION_COOKIE } from '../../src/server/accounts/sessions';
import { buildDeck, buildUser, type TestUser } from '../support/factories';
import { describeEachDatabase, json } from '../support/test-app';
import { problemWithAnswer } from '../support/api-answer';
import { dbChecksum, tableNames } from '../support/db-checksum';
import { hostileJson, hostileString } from '../support/hostile-values';
import { multipartBody } from '../support/multipart';
import { schemaValue, type JsonSchema } from '../support/schema-arbitrary';

/** Wall-clock budget of the fuzzing per database (the whole test stays under a minute on both). */
const FUZZ_MS = 20_000;
const MAX_RUNS = 4_000;

interface Operation {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  path: string;
  parameters: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: JsonSchema }[];
  jsonBody?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Operation['parameters']; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      parameters: op.parameters ?? [],
      jsonBody: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/** A multipart body with hostile field names, values and file parts. */
const hostileMultipart = fc
  .array(fc.record({ name: fc.oneof(fc.constantFrom('image', 'title', 'cards', 'tags', 'albums', 'deckcode'), hostileString), value: hostileString, file: fc.boolean() }), { maxLength: 6 })
  .map((parts) => {
    const { body, contentType } = multipartBody(
      parts.map(({ name, value, file }) => ({ name: name.replace(/["\r\n]/g, ''), value, ...(file ? { filename: 'x.png', contentType: 'image/png' } : {}) })),
      'fuzzboundary',
    );
    return { contentType, payload: body };
  });

/** The string with lone surrogates replaced, which a URL cannot carry. */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

function requestFor(op: Operation, knownIds: string[]): fc.Arbitrary<{ inject: InjectOptions; signedIn: boolean }> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const pathValue = fc.oneof(fc.constantFrom(...knownIds), fc.stringMatching(/^[0-9a-f]{24}$/), hostileString.filter((s) => s.length > 0 && s.length < 2000));
  const query = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, fc.oneof(schemaValue(p.schema), hostileString)])),
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    { weight: 5, arbitrary: (op.jsonBody ? schemaValue(op.jsonBody) : hostileJson).map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? 'null' })) },
    { weight: 1, arbitrary: hostileString.map((s) => ({ contentType: 'application/json', payload: s })) },
    { weight: 1, arbitrary: fc.record({ contentType: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=latin1'), payload: hostileString }) },
    { weight: 1, arbitrary: hostileMultipart },
  );
  return fc
    .record({ params: fc.array(pathValue, { minLength: pathParams.length, maxLength: pathParams.length }), query, body, signedIn: fc.boolean() })
    .map(({ params, query: q, body: b, signedIn }) => {
      let url = op.path;
      pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodeURIComponent(wellFormed(params[i])))));
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(q)) search.append(key, typeof value === 'string' ? value : JSON.stringify(value) ?? '');
      const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
      const inject: InjectOptions = {
        method: op.method,
        url: search.size > 0 ? `${url}?${search}` : url,
        ...(hasBody ? { payload: b.payload, headers: { 'content-type': b.contentType } } : {}),
      };
      return { inject, signedIn };
    });
}

describeEachDatabase('fuzzing every route of the OpenAPI document', (ctx) => {
  test('no 5xx, no leak, JSON refusals, and refused requests change nothing', { timeout: 60_000 }, async () => {
    const user: TestUser = await buildUser(ctx.db);
    const other = await buildUser(ctx.db);
    const deckId = await buildDeck(ctx.db, user.id);
    const othersDeck = await buildDeck(ctx.db, other.id);
    const comment = json<{ _id: string }>(
      await ctx.app.inject({ method: 'POST', url: `/api/comments/post/${othersDeck}`, headers: { cookie: other.cookie }, payload: { comment: 'hello' } }),
    );
    const knownIds = [deckId, othersDeck, comment._id, user.username, user.email, 'w_400'];

    const doc = json<OpenApiDocument>(await ctx.app.inject({ url: '/api/docs/json' }));
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(20);

    const tables = await tableNames(ctx.db);
    let cookie = user.cookie;
    let baseline = await dbChecksum(ctx.db, tables);
    const seen = new Map<string, number>();

    await fc.assert(
      fc.asyncProperty(
        fc.oneof(...operations.map((op) => requestFor(op, knownIds).map((req) => ({ op, ...req })))),
        async ({ op, inject, signedIn }) => {
          const res = await ctx.app.inject({ ...inject, headers: { ...inject.headers, ...(signedIn ? { cookie } : {}) } });
          const key = `${op.method} ${op.path} ${res.statusCode}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
          // This app runs without the screenshot reader, whose route then answers 503 by design.
          const readerDown = op.path === '/api/uploadimage/' && ctx.app.ocr === null && res.statusCode === 503;
          const problem = problemWithAnswer(readerDown ? { ...res, statusCode: 400 } : res);
          if (problem) throw new Error(`${inject.method} ${inject.url} → ${res.statusCode}: ${problem}\n${res.body.slice(0, 500)}`);
          if (res.statusCode < 400) {
            // A valid request may change things (even sign the user out): start again from here.
            if (!(await ctx.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).executeTakeFirst())) cookie = `${SESSION_COOKIE}=${(await createSession(ctx.db, user.id)).token}`;
            baseline = await dbChecksum(ctx.db, tables);
          } else if (inject.method !== 'GET') {
            expect(await dbChecksum(ctx.db, tables), `${inject.method} ${inject.url} → ${res.statusCode} changed the database`).toEqual(baseline);
          }
        },
      ),
      { numRuns: MAX_RUNS, interruptAfterTimeLimit: FUZZ_MS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), verbose: 1 },
    );
    const total = [...seen.values()].reduce((a, b) => a + b, 0);
    console.log(`[${ctx.dbName}] ${total} fuzzed requests over ${operations.length} operations; statuses:`, Object.fromEntries([...seen].sort()));
    expect(total).toBeGreaterThan(200);
  });
});
