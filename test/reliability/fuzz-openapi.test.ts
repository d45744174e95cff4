// Schema-driven fuzzing: every route of the OpenAPI document gets malformed, oversized, wrongly
// typed and boundary path parameters, queries and bodies (lists of up to 200 distinct values,
// multipart bodies cut short or mis-bounded, images of extreme proportions). However bad the request, the answer is
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
import { bombPng } from '../support/images';
import { manyValuesObject, schemaValue, type JsonSchema } from '../support/schema-arbitrary';

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
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Operation['parameters']; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
    >
  >;
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

/** Images of extreme proportions (1×2000, 1400×28500, past WebP's 16383 px side), made once. */
const EXTREME_IMAGES = [
  [1, 2000],
  [2000, 1],
  [1400, 28_500],
  [16_500, 2000],
  [3, 8192],
].map(([width, height]) => bombPng(width, height));

/** How a well-formed multipart body is spoilt: cut anywhere, its boundary lost or not the one announced. */
const spoilt = fc.oneof(
  { weight: 3, arbitrary: fc.constant('whole' as const) },
  { weight: 2, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((at) => ({ cutAt: at })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=other',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
    ),
  },
);

/** A multipart body with hostile field names, values and file parts (some of extreme proportions), sometimes spoilt. */
const hostileMultipart = fc
  .record({
    parts: fc.array(
      fc.record({
        name: fc.oneof(fc.constantFrom('image', 'title', 'cards', 'tags', 'albums', 'deckcode'), hostileString),
        value: fc.oneof(
          { weight: 4, arbitrary: hostileString },
          { weight: 1, arbitrary: fc.constantFrom(...EXTREME_IMAGES) },
        ),
        file: fc.boolean(),
      }),
      { maxLength: 6 },
    ),
    spoilt,
  })
  .map(({ parts, spoilt: how }) => {
    const { body, contentType } = multipartBody(
      parts.map(({ name, value, file }) => ({
        name: name.replace(/["\r\n]/g, ''),
        value,
        ...(file ? { filename: 'x.png', contentType: 'image/png' } : {}),
      })),
      'fuzzboundary',
    );
    if (how === 'whole') return { contentType, payload: body };
    if (typeof how === 'string') return { contentType: how, payload: body };
    return { contentType, payload: body.subarray(0, Math.floor(body.length * how.cutAt)) };
  });

/** The string with lone surrogates replaced, which a URL cannot carry. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

function requestFor(op: Operation, knownIds: string[]): fc.Arbitrary<{ inject: InjectOptions; signedIn: boolean }> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const pathValue = fc.oneof(
    fc.constantFrom(...knownIds),
    fc.stringMatching(/^[0-9a-f]{24}$/),
    hostileString.filter((s) => s.length > 0 && s.length < 2000),
  );
  const query = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, fc.oneof(schemaValue(p.schema), hostileString)])),
    { requiredKeys: [] },
  );
  const manyValues = manyValuesObject(op.jsonBody);
  const body = fc.oneof(
    {
      weight: 5,
      arbitrary: (op.jsonBody ? schemaValue(op.jsonBody) : hostileJson).map((v) => ({
        contentType: 'application/json',
        payload: JSON.stringify(v) ?? 'null',
      })),
    },
    // Past validation with up to 200 distinct filter values (63 cards once made SQLite fail).
    {
      weight: manyValues ? 2 : 0,
      arbitrary: (manyValues ?? fc.constant({})).map((v) => ({
        contentType: 'application/json',
        payload: JSON.stringify(v),
        noQuery: true,
      })),
    },
    { weight: 1, arbitrary: hostileString.map((s) => ({ contentType: 'application/json', payload: s })) },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'application/json; charset=latin1',
        ),
        payload: hostileString,
      }),
    },
    { weight: 1, arbitrary: hostileMultipart },
  );
  return fc
    .record({
      params: fc.array(pathValue, { minLength: pathParams.length, maxLength: pathParams.length }),
      query,
      body,
      signedIn: fc.boolean(),
    })
    .map(({ params, query: q, body: b, signedIn }) => {
      let url = op.path;
      pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodeURIComponent(wellFormed(params[i])))));
      const search = new URLSearchParams();
      // A body meant to reach the query goes without a hostile query string that would stop it first.
      if (!('noQuery' in b))
        for (const [key, value] of Object.entries(q))
          search.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
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
      await ctx.app.inject({
        method: 'POST',
        url: `/api/comments/post/${othersDeck}`,
        headers: { cookie: other.cookie },
        payload: { comment: 'hello' },
      }),
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
          const res = await ctx.app.inject({
            ...inject,
            headers: { ...inject.headers, ...(signedIn ? { cookie } : {}) },
          });
          const key = `${op.method} ${op.path} ${res.statusCode}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
          // This app runs without the screenshot reader, whose route then answers 503 by design.
          const readerDown = op.path === '/api/uploadimage/' && ctx.app.ocr === null && res.statusCode === 503;
          const problem = problemWithAnswer(readerDown ? { ...res, statusCode: 400 } : res);
          if (problem)
            throw new Error(
              `${inject.method} ${inject.url} → ${res.statusCode}: ${problem}\n${res.body.slice(0, 500)}`,
            );
          if (res.statusCode < 400) {
            // A valid request may change things (even sign the user out): start again from here.
            if (
              !(await ctx.db
                .selectFrom('sessions')
                .select('token_hash')
                .where('user_id', '=', user.id)
                .executeTakeFirst())
            )
              cookie = `${SESSION_COOKIE}=${(await createSession(ctx.db, user.id)).token}`;
            baseline = await dbChecksum(ctx.db, tables);
          } else if (inject.method !== 'GET') {
            expect(
              await dbChecksum(ctx.db, tables),
              `${inject.method} ${inject.url} → ${res.statusCode} changed the database`,
            ).toEqual(baseline);
          }
        },
      ),
      {
        numRuns: MAX_RUNS,
        interruptAfterTimeLimit: FUZZ_MS,
        seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
        verbose: 1,
      },
    );
    const total = [...seen.values()].reduce((a, b) => a + b, 0);
    console.log(
      `[${ctx.dbName}] ${total} fuzzed requests over ${operations.length} operations; statuses:`,
      Object.fromEntries([...seen].sort()),
    );
    expect(total).toBeGreaterThan(200);
  });
});
