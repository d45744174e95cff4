// Short-lived cookies whose content the server must be able to trust (the OIDC state and a
// pending provider sign-up): JSON, an expiry, and an HMAC-SHA256 over both. Readable by the
// browser that holds them, which is fine: they carry nothing that browser may not know.
import crypto from 'node:crypto';
import type { z } from 'zod';

export interface CookieSealer {
  seal(payload: object, ttlMs: number, now?: number): string;
  open<T>(value: string | undefined, schema: z.ZodType<T>, now?: number): T | null;
}

/** `secret` must be server-side only; `purpose` keeps one kind of cookie from passing as another. */
export function cookieSealer(secret: string, purpose: string): CookieSealer {
  const key = crypto.createHmac('sha256', secret).update(`deckhub cookie: ${purpose}`).digest();
  const mac = (body: string) => crypto.createHmac('sha256', key).update(body).digest('base64url');
  return {
    seal(payload, ttlMs, now = Date.now()) {
      const body = Buffer.from(JSON.stringify({ p: payload, exp: now + ttlMs })).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    open(value, schema, now = Date.now()) {
      if (!value) return null;
      const [body, signature, ...rest] = value.split('.');
      if (!body || !signature || rest.length) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      try {
        const { p, exp } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p: unknown; exp: number };
        if (typeof exp !== 'number' || exp <= now) return null;
        const parsed = schema.safeParse(p);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
