import type { FastifyInstance } from 'fastify';

/**
 * Parses HTML form posts (application/x-www-form-urlencoded) into a flat object of strings, up to
 * `bodyLimit` bytes, in the plugin context it is called in: the payment pages that a browser posts
 * a form to (the sandbox's card page, the card issuer's 3-D Secure answer), never the JSON API.
 */
export function acceptFormPosts(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
