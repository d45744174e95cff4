// Every setting comes from the environment; README.md lists them all. The environment is parsed
// once at start: a value that cannot be meant (PORT=abc) stops the server with a message naming the
// variable, instead of turning into NaN or a silent default somewhere later.
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { RateLimits } from './http/rate-limits';

/** An S3-compatible bucket for the deck images, instead of the folder under dataDir. */
export interface S3Settings {
  bucket: string;
  /** The server's URL for stores other than AWS (MinIO, Ceph, R2, ...); addressed path-style. AWS itself when absent. */
  endpoint?: string;
  region: string;
  /**
   * Keys given directly. Never read from the environment: the AWS SDK reads AWS_ACCESS_KEY_ID,
   * AWS_SECRET_ACCESS_KEY (and profiles, instance roles) itself; tests pass their loopback server's.
   */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export interface Config {
  port: number;
  host: string;
  /** Folder for the SQLite file and uploaded images. */
  dataDir: string;
  /** Where deck images are kept: this bucket when set, the folder `uploads/` under dataDir otherwise. */
  s3?: S3Settings;
  /** PostgreSQL connection string; SQLite under dataDir when absent. */
  databaseUrl?: string;
  /** NODE_ENV=production: safe defaults (no demo data unless asked) and the published-password warning. */
  production: boolean;
  /** Seed the demo catalog and decks into an empty database. */
  seedDemo: boolean;
  /** A card list (JSON or CSV) imported, idempotently, before the server starts serving. */
  cardsFile?: string;
  /** The account whose decks fill the curated table (/innkeepers-decks). */
  curatorUsername: string;
  /** Public origin of the site, used in links sent by e-mail and for the Origin check. */
  publicUrl?: string;
  /**
   * Which X-Forwarded-* senders to believe, as Fastify's trustProxy takes it: false (none), the
   * number of proxy hops in front of the server, or the proxies' addresses and CIDR ranges. Never
   * "every hop": the left-most X-Forwarded-For entry is whatever the client wrote.
   */
  trustProxy: false | number | string[];
  /** Redis: rate limits and deck evictions shared by every instance, and the OCR job queue. */
  redisUrl?: string;
  /** Name of the OCR job queue in Redis: the web instances and workers of one site share it. */
  ocrQueue: string;
  /** With Redis: uploads waiting for or being read by the workers at once, across all web instances. */
  ocrQueueLimit: number;
  /**
   * How long an uploader waits for the reading of a screenshot (ms), by the queue's workers or in
   * this process, before the answer "took too long".
   */
  ocrReadTimeoutMs: number;
  smtpUrl?: string;
  mailFrom: string;
  oidc?: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    /** Lets openid-client talk to a plain-http issuer. Only the loopback test provider sets it; never read from the environment. */
    allowInsecureRequests?: boolean;
  };
  logLevel: string;
  /** GET /metrics answers only with `Authorization: Bearer <this>`; without it, /metrics is a 404. */
  metricsToken?: string;
  /**
   * Changes to the rate limits and attempt budgets of http/rate-limits.ts. Never read from the
   * environment: load tests raise them, so that a few simulated users may post like a crowd.
   */
  limits?: Partial<RateLimits>;
}

/** An unset variable and an empty one mean the same: the default. */
const blankIsUnset = (value: unknown) => (value === '' ? undefined : value);

const urlWithScheme = (schemes: string[]) =>
  z.string().refine((value) => {
    try {
      return schemes.includes(new URL(value).protocol.replace(/:$/, ''));
    } catch {
      return false;
    }
  });

/** The names proxy-addr (behind Fastify's trustProxy) knows besides addresses. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(value: string): Config['trustProxy'] | undefined {
  const text = value.trim().toLowerCase();
  if (text === '0' || text === 'false') return false;
  // `true` used to mean "believe every hop"; it now means the one proxy in front of the server.
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : undefined;
}

const OCR_READ_TIMEOUT_RULE = 'a whole number of milliseconds from 1000 to 55000';

// Each rule's message completes "<VARIABLE> must be …".
const envSchema = z.object({
  PORT: z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: 'a port number' })
      .int('a port number')
      .min(0, 'a port number')
      .max(65_535, 'a port number')
      .default(3000),
  ),
  HOST: z.preprocess(blankIsUnset, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(blankIsUnset, z.string().default('./data')),
  DATABASE_URL: z
    .preprocess(blankIsUnset, urlWithScheme(['postgres', 'postgresql']).optional())
    .describe('a PostgreSQL URL (postgres://user:password@host:5432/database)'),
  S3_BUCKET: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
      )
      .optional(),
  ),
  S3_ENDPOINT: z
    .preprocess(blankIsUnset, urlWithScheme(['http', 'https']).optional())
    .describe('an http(s) URL of an S3-compatible server, e.g. http://minio:9000'),
  S3_REGION: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[a-z0-9-]+$/, 'a region name, e.g. eu-west-1')
      .optional(),
  ),
  NODE_ENV: z.preprocess(blankIsUnset, z.string().optional()),
  // No default here: unset means on, except in production (see loadConfig).
  SEED_DEMO: z.preprocess(blankIsUnset, z.enum(['0', '1', 'true', 'false'], 'one of 0, 1, true, false').optional()),
  CURATOR_USERNAME: z.preprocess(blankIsUnset, z.string().default('Innkeeper')),
  CARDS_FILE: z.preprocess(blankIsUnset, z.string().optional()),
  PUBLIC_URL: z
    .preprocess(blankIsUnset, urlWithScheme(['http', 'https']).optional())
    .describe('an http(s) URL, e.g. https://deckhub.example'),
  TRUST_PROXY: z.preprocess(blankIsUnset, z.string().default('0')).transform((value, ctx) => {
    const parsed = parseTrustProxy(value);
    if (parsed === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges',
      });
      return z.NEVER;
    }
    return parsed;
  }),
  REDIS_URL: z
    .preprocess(blankIsUnset, urlWithScheme(['redis', 'rediss']).optional())
    .describe('a redis:// or rediss:// URL'),
  OCR_QUEUE: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[\w.-]+$/, 'letters, digits and . _ - only')
      .default('deckhub-ocr'),
  ),
  // About 4 reads per worker process of 2 tesseract threads, as OcrService admits in one process.
  OCR_QUEUE_LIMIT: z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: 'a whole number of at least 1' })
      .int('a whole number of at least 1')
      .min(1, 'a whole number of at least 1')
      .default(8),
  ),
  // At most 55 s: the server closes a connection idle for 60 s (http/limits.ts), and an uploader
  // waiting for the reading sends and receives nothing meanwhile.
  OCR_READ_TIMEOUT_MS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: OCR_READ_TIMEOUT_RULE })
      .int(OCR_READ_TIMEOUT_RULE)
      .min(1_000, OCR_READ_TIMEOUT_RULE)
      .max(55_000, OCR_READ_TIMEOUT_RULE)
      .default(20_000),
  ),
  SMTP_URL: z
    .preprocess(blankIsUnset, urlWithScheme(['smtp', 'smtps']).optional())
    .describe('an smtp:// or smtps:// URL'),
  MAIL_FROM: z.preprocess(blankIsUnset, z.string().default('Deckhub <no-reply@deckhub.local>')),
  OIDC_ISSUER: z
    .preprocess(blankIsUnset, urlWithScheme(['https', 'http']).optional())
    .describe("the provider's issuer URL, e.g. https://accounts.google.com"),
  OIDC_CLIENT_ID: z.preprocess(blankIsUnset, z.string().optional()),
  OIDC_CLIENT_SECRET: z.preprocess(blankIsUnset, z.string().optional()),
  METRICS_TOKEN: z.preprocess(
    blankIsUnset,
    z.string().min(16, 'at least 16 characters (e.g. openssl rand -hex 24)').optional(),
  ),
  LOG_LEVEL: z.preprocess(
    blankIsUnset,
    z
      .enum(
        ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
        'one of fatal, error, warn, info, debug, trace, silent',
      )
      .default('info'),
  ),
});

type EnvName = keyof typeof envSchema.shape;
const OIDC_VARIABLES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
const S3_OPTIONS = ['S3_ENDPOINT', 'S3_REGION'] as const;
/** The region S3 clients use when S3_REGION is unset: the SDK's own variables, then the region S3-compatible servers accept. */
const regionFallback = (env: NodeJS.ProcessEnv) =>
  blankIsUnset(env.AWS_REGION) ?? blankIsUnset(env.AWS_DEFAULT_REGION) ?? 'us-east-1';

/**
 * The trustProxy option for Fastify. A hop count becomes a function: Fastify's own number option
 * trusts nothing at all (a client could otherwise forge the hops when it reaches the server directly),
 * so a count is for servers that only the proxy can reach; otherwise list the proxy addresses.
 */
export function fastifyTrustProxy(
  setting: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  // Hop 0 is the socket's peer (the nearest proxy), then X-Forwarded-For from right to left.
  return (_address, hop) => hop < setting;
}

/** A start-up failure that names the variable at fault; start.ts prints its message alone. */
export class ConfigError extends Error {}

/** Reads the settings from `env`; throws a ConfigError that lists every variable with a value that cannot be used. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  const problems = (result.error?.issues ?? []).map((issue) => {
    const name = String(issue.path[0]) as EnvName;
    // A refine's own message is zod's generic one; the field's description says what is wanted.
    const wanted =
      issue.code === 'custom' && issue.message === 'Invalid input' ? envSchema.shape[name].description : issue.message;
    return `${name} must be ${wanted ?? issue.message} (got ${JSON.stringify(env[name])})`;
  });
  const oidcSet = OIDC_VARIABLES.filter((name) => blankIsUnset(env[name]) !== undefined);
  if (oidcSet.length > 0 && oidcSet.length < OIDC_VARIABLES.length) {
    const missing = OIDC_VARIABLES.filter((name) => !oidcSet.includes(name));
    problems.push(
      `${OIDC_VARIABLES.join(', ')} turn provider sign-in on together: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing`,
    );
  }
  const s3Set = S3_OPTIONS.filter((name) => blankIsUnset(env[name]) !== undefined);
  if (s3Set.length > 0 && blankIsUnset(env.S3_BUCKET) === undefined) {
    problems.push(
      `S3_BUCKET is missing: ${s3Set.join(' and ')} only take${s3Set.length > 1 ? '' : 's'} effect with it (images are kept in DATA_DIR otherwise)`,
    );
  }
  if (!result.success || problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  const e = result.data;
  // A production database must not get accounts whose password README publishes, unless asked for.
  const production = e.NODE_ENV === 'production';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    s3: e.S3_BUCKET
      ? { bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION ?? String(regionFallback(env)) }
      : undefined,
    production,
    seedDemo: e.SEED_DEMO === undefined ? !production : e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    cardsFile: e.CARDS_FILE ? path.resolve(e.CARDS_FILE) : undefined,
    curatorUsername: e.CURATOR_USERNAME,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    ocrQueue: e.OCR_QUEUE,
    ocrQueueLimit: e.OCR_QUEUE_LIMIT,
    ocrReadTimeoutMs: e.OCR_READ_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
  };
}
