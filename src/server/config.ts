// Every setting comes from the environment; README.md lists them all.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Folder for the SQLite file and uploaded images. */
  dataDir: string;
  /** PostgreSQL connection string; SQLite under dataDir when absent. */
  databaseUrl?: string;
  /** Seed the demo catalog and decks into an empty database. */
  seedDemo: boolean;
  /** The account whose decks fill the curated table (/innkeepers-decks). */
  curatorUsername: string;
  /** Public origin of the site, used in links sent by e-mail and for the Origin check. */
  publicUrl?: string;
  trustProxy: boolean;
  redisUrl?: string;
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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const oidc =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET }
      : undefined;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: env.SEED_DEMO !== '0',
    curatorUsername: env.CURATOR_USERNAME ?? 'Innkeeper',
    publicUrl: env.PUBLIC_URL || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Deckhub <no-reply@deckhub.local>',
    oidc,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
