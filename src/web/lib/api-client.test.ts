import { z } from 'zod';
import { ApiRequestError, readAnswer } from './api-client';

const schema = z.object({ n: z.number() });

test('a 2xx answer that fits the schema is its data', () => {
  expect(readAnswer(200, '{"n":1}', schema)).toEqual({ n: 1 });
  expect(readAnswer(204, '', null)).toBeUndefined();
});

test("a refusal carries the server's message and status; a body that is not JSON still gives the status", () => {
  expect(() => readAnswer(400, '{"error":"Bad Request","message":"Unknown tag: Foo"}', schema)).toThrow(
    new ApiRequestError(400, 'Unknown tag: Foo'),
  );
  const error = (() => {
    try {
      readAnswer(502, '<html>Bad gateway</html>', schema);
    } catch (e) {
      return e;
    }
  })();
  expect(error).toBeInstanceOf(ApiRequestError);
  expect(error).toMatchObject({ status: 502, message: 'Request failed (502)' });
});

test('a 2xx answer of the wrong shape is an error, not bad data', () => {
  expect(() => readAnswer(200, '{"n":"one"}', schema)).toThrow('The server sent an unexpected answer.');
});
