// Sign-in with a third-party OpenID Connect provider: authorization-code flow with PKCE, state and
// nonce (openid-client 6). The ID token is verified here on the server, signature included.
// Known e-mail: signed in if the provider is linked to that account; a password account is linked
// only once its password is entered in the same flow (else anyone could register someone's address
// first, have the mailed link followed by a mail scanner, and wait for them to sign in).
// New e-mail: the user picks a username first.
import * as client from 'openid-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chooseUsernameSchema, linkProviderSchema, pendingLinkSchema, userSchema } from '../../common/api/users';
import { errorSchema } from '../../common/api/errors';
import type { Config } from '../config';
import { unauthorized } from '../http/errors';
import { MESSAGES } from '../../common/messages';
import type { AttemptLimiter, RateLimits } from '../http/rate-limits';
import { passwordAttemptBudgets } from './login';
import { verifyAgainstNoAccount, verifyPassword } from './passwords';
import { cookieSealer } from './signed-cookie';
import { findUserByEmail, insertUser, linkProvider } from './user-store';
import { identifierKey } from '../../common/identifiers';
import { toPublicUser } from './user-presenter';
import { startSession } from './sign-in';
import { siteOrigin } from './site-origin';

type OidcSettings = NonNullable<Config['oidc']>;

const PREFIX = '/auth/oidc';
const COOKIE_PATH = `/api${PREFIX}`;
const STATE_COOKIE = 'deckhub_oidc_state';
const PENDING_COOKIE = 'deckhub_oidc_pending';
const LINK_COOKIE = 'deckhub_oidc_link';
/** Time to get through the provider's login page. */
const STATE_TTL_MS = 10 * 60_000;
/** Time to choose a username, or to enter the account's password, after the provider vouched for the e-mail. */
const PENDING_TTL_MS = 15 * 60_000;

/** Where the browser lands after the callback (the web app reads these). */
export const OIDC_LANDING = {
  signedIn: '/',
  chooseUsername: '/?choose-username=1',
  /** A password account not yet linked to the provider has this address: its password links it. */
  enterPassword: '/?link-account=1',
  failed: '/?signin-error=1',
} as const;
export const PENDING_EXPIRED = 'Your provider sign-in has expired. Please sign in again.';

const stateSchema = z.object({ state: z.string(), nonce: z.string(), verifier: z.string() });
const pendingSchema = z.object({ email: z.string() });
const pendingLinkCookieSchema = z.object({ userId: z.string(), email: z.string() });
const claimsSchema = z.object({ email: z.string().email(), email_verified: z.boolean().optional() });

const callbackUrl = (request: FastifyRequest) => `${siteOrigin(request)}/api${PREFIX}/callback`;

function setShortCookie(request: FastifyRequest, res: FastifyReply, name: string, value: string, ttlMs: number): void {
  // Lax: the provider's redirect back is a top-level GET navigation, which Lax cookies accompany.
  res.setCookie(name, value, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(ttlMs / 1000),
  });
}

/** Finds the provider's endpoints once, on first use, so a provider that is down never stops the site starting. */
function providerConfiguration(settings: OidcSettings): () => Promise<client.Configuration> {
  let pending: Promise<client.Configuration> | undefined;
  return () => {
    pending ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        {
          execute: [
            // Verify the ID token's signature against the provider's keys too, not only its claims.
            client.enableNonRepudiationChecks,
            ...(settings.allowInsecureRequests ? [client.allowInsecureRequests] : []),
          ],
        },
      )
      .catch((error: unknown) => {
        pending = undefined; // try again on the next sign-in
        throw error;
      });
    return pending;
  };
}

export interface OidcOptions {
  settings: OidcSettings;
  /** Linking an account spends the same password budgets as signing in to it. */
  limiter: AttemptLimiter;
  limits: RateLimits;
}

export const oidcRoutes: FastifyPluginAsyncZod<OidcOptions> = async (app, { settings, limiter, limits }) => {
  const configuration = providerConfiguration(settings);
  const stateCookies = cookieSealer(settings.clientSecret, 'oidc state');
  const pendingCookies = cookieSealer(settings.clientSecret, 'oidc pending signup');
  const linkCookies = cookieSealer(settings.clientSecret, 'oidc pending link');

  app.get(
    `${PREFIX}/start`,
    { schema: { tags: ['accounts'], summary: 'Start sign-in with the OpenID Connect provider (redirects)' } },
    async (request, res) => {
      let config: client.Configuration;
      try {
        config = await configuration();
      } catch (err) {
        request.log.error({ err }, 'OIDC discovery failed');
        return res.redirect(OIDC_LANDING.failed);
      }
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      setShortCookie(
        request,
        res,
        STATE_COOKIE,
        stateCookies.seal({ state, nonce, verifier }, STATE_TTL_MS),
        STATE_TTL_MS,
      );
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl(request),
        scope: 'openid email',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return res.redirect(url.href);
    },
  );

  app.get(
    `${PREFIX}/callback`,
    { schema: { tags: ['accounts'], summary: "The provider's redirect back (redirects into the site)" } },
    async (request, res) => {
      const saved = stateCookies.open(request.cookies[STATE_COOKIE], stateSchema);
      res.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
      if (!saved) {
        request.log.warn('OIDC callback without a valid state cookie');
        return res.redirect(OIDC_LANDING.failed);
      }
      let email: string;
      try {
        const queryStart = request.url.indexOf('?');
        const query = queryStart >= 0 ? request.url.slice(queryStart) : '';
        const config = await configuration();
        const tokens = await client.authorizationCodeGrant(config, new URL(callbackUrl(request) + query), {
          pkceCodeVerifier: saved.verifier,
          expectedState: saved.state,
          expectedNonce: saved.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new Error('no ID token');
        // Many providers put the e-mail only in UserInfo, not in the ID token of a code flow.
        const claims = claimsSchema.parse(
          typeof idToken.email === 'string'
            ? idToken
            : await client.fetchUserInfo(config, tokens.access_token, idToken.sub),
        );
        // An unverified address proves nothing: it must not open the account that owns it.
        if (claims.email_verified !== true) throw new Error('the provider has not verified this e-mail address');
        const key = identifierKey(claims.email);
        if (key === null) throw new Error('the e-mail address is not in canonical form');
        email = key;
      } catch (err) {
        request.log.warn({ err }, 'OIDC sign-in refused');
        return res.redirect(OIDC_LANDING.failed);
      }
      const user = await findUserByEmail(app.db, email);
      if (user?.provider_linked_at) {
        await startSession(request, res, user.id);
        return res.redirect(OIDC_LANDING.signedIn);
      }
      if (user) {
        // The provider vouches for the address, not for the account: whoever registered the address
        // may not be this person, and a verified address proves nothing when a mail scanner confirmed
        // it. The account's password, entered now in this flow, proves both belong to one person.
        request.log.info({ userId: user.id }, 'OIDC sign-in waits for the password of the account it would link');
        setShortCookie(
          request,
          res,
          LINK_COOKIE,
          linkCookies.seal({ userId: user.id, email }, PENDING_TTL_MS),
          PENDING_TTL_MS,
        );
        return res.redirect(OIDC_LANDING.enterPassword);
      }
      setShortCookie(request, res, PENDING_COOKIE, pendingCookies.seal({ email }, PENDING_TTL_MS), PENDING_TTL_MS);
      return res.redirect(OIDC_LANDING.chooseUsername);
    },
  );

  app.get(
    `${PREFIX}/pending`,
    {
      schema: {
        tags: ['accounts'],
        summary: 'The e-mail waiting for a username after a provider sign-in',
        response: { 200: z.object({ email_address: z.string() }), 401: errorSchema },
      },
    },
    async (request) => {
      const pending = pendingCookies.open(request.cookies[PENDING_COOKIE], pendingSchema);
      if (!pending) throw unauthorized(PENDING_EXPIRED);
      return { email_address: pending.email };
    },
  );

  app.post(
    `${PREFIX}/complete`,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create the account of a provider sign-in with the chosen username; signs it in',
        body: chooseUsernameSchema,
        response: { 201: userSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request, res) => {
      const pending = pendingCookies.open(request.cookies[PENDING_COOKIE], pendingSchema);
      if (!pending) throw unauthorized(PENDING_EXPIRED);
      // No password: this account signs in through the provider (or after a password reset).
      // The provider vouched for the address: the account starts verified and linked.
      const user = await insertUser(app.db, {
        email: pending.email,
        username: request.body.username,
        passwordHash: null,
        viaProvider: true,
      });
      res.clearCookie(PENDING_COOKIE, { path: COOKIE_PATH });
      await startSession(request, res, user.id);
      return res.status(201).send(toPublicUser(user));
    },
  );
  /** The account a provider sign-in met, while the link waits for its password; null when none waits. */
  const pendingLinkOf = async (request: FastifyRequest) => {
    const pending = linkCookies.open(request.cookies[LINK_COOKIE], pendingLinkCookieSchema);
    if (!pending) return null;
    const user = await findUserByEmail(app.db, pending.email);
    // The account changed its address (or is gone) since the callback: the provider vouched for another.
    return user?.id === pending.userId ? { user, email: pending.email } : null;
  };

  app.get(
    `${PREFIX}/pending-link`,
    {
      schema: {
        tags: ['accounts'],
        summary: 'The account a provider sign-in met, waiting for its password to be linked',
        response: { 200: pendingLinkSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const pending = await pendingLinkOf(request);
      if (!pending) throw unauthorized(PENDING_EXPIRED);
      return { username: pending.user.username, email_address: pending.email };
    },
  );

  app.post(
    `${PREFIX}/link`,
    {
      schema: {
        tags: ['accounts'],
        summary: "Link the provider to the account its sign-in met, with that account's password; signs it in",
        body: linkProviderSchema,
        response: { 200: userSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, res) => {
      const pending = await pendingLinkOf(request);
      if (!pending) throw unauthorized(PENDING_EXPIRED);
      const { user, email } = pending;
      // A guess at the password here is a guess at signing in: the same budgets, given back on success.
      const giveBack = await limiter.reserve(
        res,
        passwordAttemptBudgets(limits, user.username, request.ip),
        MESSAGES.rateLimits.signIn,
      );
      const { password } = request.body;
      const matches = user.password_hash
        ? await verifyPassword(user.password_hash, password)
        : await verifyAgainstNoAccount(password);
      if (!matches) throw unauthorized(MESSAGES.login.wrongPassword);
      await giveBack();
      if (!(await linkProvider(app.db, user.id, email))) throw unauthorized(PENDING_EXPIRED);
      res.clearCookie(LINK_COOKIE, { path: COOKIE_PATH });
      await startSession(request, res, user.id);
      return toPublicUser(user);
    },
  );
};
