import type { FastifyRequest } from 'fastify';
import { loadConfig } from '../config';
import { isOwnOrigin } from './origin-check';

const request = (host: string) => ({ host }) as FastifyRequest;

describe('isOwnOrigin', () => {
  it('without PUBLIC_URL, compares with the Host asked for (default ports equal)', () => {
    const config = loadConfig({});
    expect(isOwnOrigin('http://localhost:3000', request('localhost:3000'), config)).toBe(true);
    expect(isOwnOrigin('http://localhost', request('localhost:80'), config)).toBe(true);
    expect(isOwnOrigin('https://deckhub.example', request('deckhub.example'), config)).toBe(true);
    expect(isOwnOrigin('http://localhost:5173', request('localhost:3000'), config)).toBe(false);
    expect(isOwnOrigin('https://evil.example', request('deckhub.example'), config)).toBe(false);
    expect(isOwnOrigin('null', request('deckhub.example'), config)).toBe(false);
  });

  it('with PUBLIC_URL, only its origin counts, whatever the Host', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://deckhub.example/some/path' });
    expect(isOwnOrigin('https://deckhub.example', request('internal:3000'), config)).toBe(true);
    expect(isOwnOrigin('http://deckhub.example', request('deckhub.example'), config)).toBe(false);
    expect(isOwnOrigin('https://evil.example', request('evil.example'), config)).toBe(false);
  });
});
