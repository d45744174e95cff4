import type { FastifyRequest } from 'fastify';

/**
 * The site's own origin for links that leave the server (reset mail, OIDC redirect_uri):
 * PUBLIC_URL when set, else the origin the request came to. Production must set PUBLIC_URL: the
 * Host header is the client's to choose.
 */
export function siteOrigin(request: FastifyRequest): string {
  const configured = request.server.config.publicUrl;
  return configured ? new URL(configured).origin : `${request.protocol}://${request.host}`;
}
