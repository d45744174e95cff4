// Everything about accounts under /api: registration, sign-in (password and OIDC), sign-out,
// look-ups, password reset and the account's own settings, each in its own module.
import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './routes';
import { registrationRoutes } from './registration';
import { loginRoutes } from './login';
import { lookupRoutes } from './lookups';
import { passwordResetRoutes } from './password-reset';
import { oidcRoutes } from './oidc';
import { emailVerificationRoutes } from './email-verification';
import { accountSettingsRoutes } from './account-settings';
import { createMailer, type Mailer } from './mailer';
import { createOutbox } from './mail-outbox';
import { rateLimitsOf, registerRateLimits, type RateLimits } from '../http/rate-limits';
import { answerWithRuleMessages } from './validation';

export interface AccountsOptions {
  /** Lower limits make the 429s testable; defaults are DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<RateLimits>;
  /** Defaults to SMTP_URL, or to the server log without it. */
  mailer?: Mailer;
}

export const accountsPlugin: FastifyPluginAsync<AccountsOptions> = async (app, options) => {
  const { config } = app;
  const limits = rateLimitsOf(config, options.rateLimits);
  answerWithRuleMessages(app);
  const limiter = await registerRateLimits(app, config.redisUrl);
  if (config.smtpUrl && !config.publicUrl) {
    app.log.warn(
      'SMTP_URL is set without PUBLIC_URL: mailed links will use the Host header of each request. Set PUBLIC_URL in production.',
    );
  }
  const mailer = options.mailer ?? createMailer(config, app.log);
  const outbox = createOutbox(app, mailer);

  await app.register(accountRoutes);
  await app.register(registrationRoutes, { limiter, limits, mailer, outbox });
  await app.register(loginRoutes, { limiter, limits });
  await app.register(lookupRoutes);
  await app.register(passwordResetRoutes, { mailer, outbox, limiter, limits });
  await app.register(emailVerificationRoutes, { db: app.db, mailer, outbox, limiter, limits });
  await app.register(accountSettingsRoutes, { limiter, limits, mailer, outbox });
  if (config.oidc) await app.register(oidcRoutes, { settings: config.oidc, limiter, limits });
};
