import { ConfigError, fastifyTrustProxy, loadConfig } from './config';

const failure = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
};

describe('loadConfig parses the environment', () => {
  test('defaults for an empty environment; an empty variable counts as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '' });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      seedDemo: true,
      trustProxy: false,
      logLevel: 'info',
      curatorUsername: 'Innkeeper',
      ocrQueue: 'deckhub-ocr',
      ocrQueueLimit: 8,
      ocrReadTimeoutMs: 20_000,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.oidc).toBeUndefined();
  });

  test('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:p@db:5432/deckhub',
      SEED_DEMO: '0',
      PUBLIC_URL: 'https://deckhub.example',
      TRUST_PROXY: '2',
      REDIS_URL: 'redis://cache:6379',
      OCR_QUEUE: 'site-b-ocr',
      OCR_QUEUE_LIMIT: '20',
      OCR_READ_TIMEOUT_MS: '45000',
      SMTP_URL: 'smtps://u:p@mail.example:465',
      OIDC_ISSUER: 'https://accounts.example',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: 'a-metrics-token-0123456789',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/deckhub',
      seedDemo: false,
      publicUrl: 'https://deckhub.example',
      trustProxy: 2,
      redisUrl: 'redis://cache:6379',
      ocrQueue: 'site-b-ocr',
      ocrQueueLimit: 20,
      ocrReadTimeoutMs: 45_000,
      smtpUrl: 'smtps://u:p@mail.example:465',
      oidc: { issuer: 'https://accounts.example', clientId: 'id', clientSecret: 'secret' },
      logLevel: 'warn',
      metricsToken: 'a-metrics-token-0123456789',
    });
  });

  test('NODE_ENV=production turns the demo data off unless SEED_DEMO asks for it', () => {
    expect(loadConfig({})).toMatchObject({ production: false, seedDemo: true });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ production: false, seedDemo: true });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ production: true, seedDemo: false });
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '' })).toMatchObject({ production: true, seedDemo: false });
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' })).toMatchObject({ production: true, seedDemo: true });
    expect(loadConfig({ SEED_DEMO: 'false' })).toMatchObject({ seedDemo: false });
  });

  test.each([
    [{ PORT: 'abc' }, 'PORT must be a port number (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be a port number (got "70000")'],
    [{ PORT: '80.5' }, 'PORT must be a port number (got "80.5")'],
    [{ SEED_DEMO: 'no' }, 'SEED_DEMO must be one of 0, 1, true, false (got "no")'],
    [
      { METRICS_TOKEN: 'short' },
      'METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 24) (got "short")',
    ],
    [{ DATABASE_URL: 'mysql://db/deckhub' }, 'DATABASE_URL must be a PostgreSQL URL'],
    [{ PUBLIC_URL: 'deckhub.example' }, 'PUBLIC_URL must be an http(s) URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ OCR_QUEUE_LIMIT: '0' }, 'OCR_QUEUE_LIMIT must be a whole number of at least 1 (got "0")'],
    [
      { OCR_READ_TIMEOUT_MS: '90000' },
      'OCR_READ_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 55000 (got "90000")',
    ],
    [
      { OCR_READ_TIMEOUT_MS: '20s' },
      'OCR_READ_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 55000 (got "20s")',
    ],
    [{ OCR_QUEUE: 'my queue' }, 'OCR_QUEUE must be letters, digits and . _ - only (got "my queue")'],
    [
      { TRUST_PROXY: 'yes please' },
      'TRUST_PROXY must be a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (got "yes please")',
    ],
    [{ TRUST_PROXY: '10.0.0.0/40' }, 'TRUST_PROXY must be'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [{ OIDC_ISSUER: 'https://accounts.example' }, 'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are missing'],
    [
      { S3_BUCKET: 'Deck_Images' },
      'S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens) (got "Deck_Images")',
    ],
    [
      { S3_BUCKET: 'images', S3_ENDPOINT: 'minio:9000' },
      'S3_ENDPOINT must be an http(s) URL of an S3-compatible server',
    ],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET is missing: S3_ENDPOINT only takes effect with it'],
    [
      { S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-west-1' },
      'S3_BUCKET is missing: S3_ENDPOINT and S3_REGION only take effect with it',
    ],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(failure(env)).toContain(message);
  });

  test('lists every wrong variable at once', () => {
    const message = failure({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(message).toMatch(/PORT must be/);
    expect(message).toMatch(/LOG_LEVEL must be/);
  });

  test('TRUST_PROXY: a hop count, or proxy addresses and CIDR ranges; 1 and true are one hop, never every hop', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
    const oneHop = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => oneHop('203.0.113.9', hop))).toEqual([true, false, false]);
  });

  test('images: the folder under DATA_DIR by default; an S3 bucket with S3_BUCKET, its region from S3_REGION, then AWS_REGION, then us-east-1', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'deck-images' }).s3).toEqual({
      bucket: 'deck-images',
      endpoint: undefined,
      region: 'us-east-1',
    });
    expect(loadConfig({ S3_BUCKET: 'deck-images', AWS_REGION: 'eu-central-1' }).s3?.region).toBe('eu-central-1');
    expect(
      loadConfig({
        S3_BUCKET: 'deck-images',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-1',
        AWS_REGION: 'eu-central-1',
      }).s3,
    ).toEqual({
      bucket: 'deck-images',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
    });
    // Credentials are the SDK's business (AWS_ACCESS_KEY_ID, a profile, a role): never copied into the settings.
    expect(
      loadConfig({ S3_BUCKET: 'deck-images', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' }).s3
        ?.credentials,
    ).toBeUndefined();
  });
});
