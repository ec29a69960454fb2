import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseName, str } from '@courier/contracts';
import { escapeHtml } from '../../lib/html';
import { errorSummary } from '../../lib/error-summary';
import type { TenantRegistry } from '../../db/tenants';
import { tenantByName } from '../auth/tenant-tokens';
import { QUOTE_RATE_MAX } from '../quotes/quotes.routes';
import { acceptFormPosts } from './form-body';
import { fulfil, type PaymentDeps } from './payments.service';
import { shopperOf } from './shopper';
import { WORLDPAY_3DS_RETURN_PATH, type WorldpayProvider } from './worldpay.provider';

const params = z.object({ reference: str().min(1).max(64) });
const query = z.object({ database: databaseName() });
/** The issuer's answer (3-D Secure 1: PaRes and our MD), as its page posts it. */
const issuerAnswer = z.object({ PaRes: str().min(1).max(20_000), MD: str().min(1).max(64) });
const limit = { rateLimit: { max: QUOTE_RATE_MAX, timeWindow: '1 minute' } };
/** The script that sends the page's one form at once (a file of ours: the CSP allows no inline script). */
const AUTO_SUBMIT = `document.addEventListener('DOMContentLoaded',function(){var f=document.forms[0];if(f)f.submit();});`;

/** A small page in the card check's frame: our heading and text, an optional form to the issuer. */
function page(title: string, text: string, form = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:Arial,sans-serif;margin:1.5rem;color:#1a1a1a}button{padding:.5rem 1rem;font-size:1rem}</style></head>
<body><div><h1 style="font-size:1.25rem">${escapeHtml(title)}</h1><p role="status">${escapeHtml(text)}</p>${form}</div></body></html>`;
}

/**
 * Headers of the frame's pages: HTML, never cached, only framed by the portal. The page that goes
 * to the issuer may post its form there (and only there) and run our auto-submit script.
 */
function frameHeaders(reply: FastifyReply, formTo?: string): void {
  reply
    .type('text/html')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'self'; form-action ${formTo ?? "'none'"}`,
    );
}

/**
 * Worldpay's 3-D Secure (issue 11 §2; Worldpay Online Payments, 3-D Secure 1 redirect): the two
 * pages of the card check the portal shows in a frame while quote/payment or docket/payment
 * answer 409 with `fields.challenge`. Outside /api/ and /payment/: the issuer's page posts its
 * answer from the issuer's own site, so the same-origin rule of the portal's calls cannot apply;
 * what it posts is only passed to Worldpay, which checks it, and only for an order that is still
 * waiting for it. Hidden from the API document (they are pages, not calls).
 *  - GET /payment-return/worldpay/3ds/{reference}?database=: the form that posts the order's
 *    one-time token (PaReq), our return address (TermUrl) and the order code (MD) to the issuer,
 *    sent at once by a script of ours (a Continue button without scripts).
 *  - POST /payment-return/worldpay/3ds?database= (TermUrl): the issuer's PaRes and MD; Worldpay
 *    completes the order, the one fulfilment books it (as a webhook would: the payer may have
 *    closed the portal meanwhile), and the frame says the check is over; the portal's next
 *    question shows the booking or the failure.
 */
export function worldpay3dsRoutes(
  deps: PaymentDeps & { tenants: TenantRegistry },
  worldpay: WorldpayProvider,
): FastifyPluginAsyncZod {
  return async (app) => {
    acceptFormPosts(app, 32_768);
    app.get('/payment-return/auto-submit.js', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/javascript').header('cache-control', 'public, max-age=3600').send(AUTO_SUBMIT),
    );
    app.get(
      `${WORLDPAY_3DS_RETURN_PATH}/:reference`,
      { schema: { hide: true, params, querystring: query }, config: limit },
      async (req, reply) => {
        const tenant = tenantByName(deps, req.query.database);
        const check = await worldpay.challengeOf(
          { db: tenant.db, database: tenant.name },
          req.params.reference,
        );
        if (!check) {
          frameHeaders(reply);
          return reply
            .status(404)
            .send(page('Card check', 'This card check is over. Close this window to go on.'));
        }
        const termUrl = `${deps.publicUrl.replace(/\/$/, '')}${WORLDPAY_3DS_RETURN_PATH}?database=${encodeURIComponent(tenant.name)}`;
        // The issuer's page may go on to another of its sites: any https one, besides its own origin.
        frameHeaders(reply, `https: ${new URL(check.url).origin}`);
        return page(
          'Card check',
          'Your card issuer asks you to confirm this payment. Taking you to your card issuer…',
          `<form method="post" action="${escapeHtml(check.url)}">
<input type="hidden" name="PaReq" value="${escapeHtml(check.paReq)}">
<input type="hidden" name="TermUrl" value="${escapeHtml(termUrl)}">
<input type="hidden" name="MD" value="${escapeHtml(check.md)}">
<button type="submit">Continue</button></form><script src="/payment-return/auto-submit.js"></script>`,
        );
      },
    );
    app.post(
      WORLDPAY_3DS_RETURN_PATH,
      { schema: { hide: true, querystring: query, body: issuerAnswer }, config: limit },
      async (req, reply) => {
        const tenant = tenantByName(deps, req.query.database);
        const ctx = { db: tenant.db, database: tenant.name };
        frameHeaders(reply);
        const outcome = await worldpay.completeChallenge(ctx, req.body.MD, req.body.PaRes, shopperOf(req));
        const done =
          outcome.state === 'authorised'
            ? await fulfil(deps, tenant, worldpay.name, req.body.MD, {
                onMailError: (err) =>
                  req.log.error({ err: errorSummary(err) }, 'booking confirmation mail failed'),
              }).catch((err: unknown) => {
                req.log.error({ err: errorSummary(err) }, 'worldpay 3-D Secure fulfilment failed');
                return undefined;
              })
            : outcome;
        // Authorised but not booked (the payer started a new attempt meanwhile): the hold is released.
        if (outcome.state === 'authorised' && done?.state !== 'authorised')
          await worldpay.cancel(ctx, req.body.MD).catch(() => undefined);
        return done?.state === 'authorised'
          ? page('Card check complete', 'Your card issuer confirmed the payment. Your booking is being made…')
          : page('Card check not completed', 'Your card issuer did not confirm the payment.');
      },
    );
  };
}
