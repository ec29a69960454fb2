import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseName, formatPounds, str } from '@courier/contracts';
import { escapeHtml } from '../../lib/html';
import { errorSummary } from '../../lib/error-summary';
import type { TenantRegistry } from '../../db/tenants';
import { tenantByName } from '../auth/tenant-tokens';
import { acceptFormPosts } from './form-body';
import { fulfil, type PaymentDeps } from './payments.service';
import { SANDBOX_CARDS, sandboxPagePath, type SandboxProvider } from './sandbox.provider';

const params = z.object({ reference: str().min(1).max(64) });
const query = z.object({ database: databaseName() });
const form = z.object({
  card: str().max(40).optional().default(''),
  action: z.enum(['pay', 'cancel']).default('pay'),
});

/** The test payment page: clearly labelled, no script (the CSP allows none inline), one form. */
function page(p: {
  title: string;
  amount?: string;
  description?: string;
  action?: string;
  message?: string;
}): string {
  const body = p.action
    ? `<p class="amount">Amount to authorise: <b>${escapeHtml(p.amount ?? '')}</b></p>
<p>${escapeHtml(p.description ?? '')}</p>
${p.message ? `<p role="alert" class="error">${escapeHtml(p.message)}</p>` : ''}
<form method="post" action="${escapeHtml(p.action)}">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" required>
<p class="hint">Test cards: <b>4242 4242 4242 4242</b> is authorised; <b>4000 0000 0000 0002</b> is declined.</p>
<button type="submit" name="action" value="pay">Authorise payment</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`
    : `<p role="alert">${escapeHtml(p.message ?? '')}</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>TEST PAYMENT PAGE (sandbox)</title>
<style>body{font-family:Arial,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.banner{background:#8a1c00;color:#fff;padding:.75rem 1rem;font-weight:bold}.error{color:#8a1c00}
label{display:block;margin:.5rem 0 .25rem}input{font-size:1.1rem;padding:.4rem;width:100%;box-sizing:border-box}
button{margin:1rem .5rem 0 0;padding:.5rem 1rem;font-size:1rem}.hint{font-size:.9rem}</style></head>
<body><header class="banner">TEST PAYMENT PAGE: sandbox provider, no money is taken and no card is charged</header>
<main><h1>${escapeHtml(p.title)}</h1>${body}</main></body></html>`;
}

/**
 * The test page's headers: not cached, and a referrer policy that lets the browser name our origin
 * on the form's POST. Helmet's `no-referrer` makes a browser send `Origin: null` with a form post,
 * which the same-origin check (plugins/auth.ts) refuses as cross-site.
 */
function sandboxHeaders(reply: FastifyReply): void {
  reply.type('text/html').header('cache-control', 'no-store').header('referrer-policy', 'same-origin');
}

/**
 * The sandbox provider's test payment page (GET and its form POST under /payment/sandbox, not the
 * JSON API): the payer types a test card; the outcome is recorded in the sandbox's book, the one
 * fulfilment runs at once (as a provider's webhook would), and the payer goes to /success or
 * /failed. Hidden from the API document: it is the provider's page, not ours.
 */
export function sandboxRoutes(
  deps: PaymentDeps & { tenants: TenantRegistry },
  sandbox: SandboxProvider,
): FastifyPluginAsyncZod {
  return async (app) => {
    acceptFormPosts(app, 4096);
    app.get(
      '/payment/sandbox/:reference',
      { schema: { hide: true, params, querystring: query } },
      async (req, reply) => {
        const tenant = tenantByName(deps, req.query.database);
        const row = await sandbox.page({ db: tenant.db, database: tenant.name }, req.params.reference);
        sandboxHeaders(reply);
        if (!row)
          return reply
            .status(404)
            .send(page({ title: 'Payment not found', message: 'No such test payment.' }));
        if (row.sbx_state !== 'open')
          return page({ title: 'Payment closed', message: `This test payment is ${row.sbx_state}.` });
        return page({
          title: 'Pay by card',
          amount: formatPounds(row.sbx_amount_pence),
          description: row.sbx_description,
          action: sandboxPagePath(row.sbx_reference, tenant.name),
        });
      },
    );
    app.post(
      '/payment/sandbox/:reference',
      { schema: { hide: true, params, querystring: query, body: form } },
      async (req, reply) => {
        const tenant = tenantByName(deps, req.query.database);
        const ctx = { db: tenant.db, database: tenant.name };
        const row = await sandbox.page(ctx, req.params.reference);
        sandboxHeaders(reply);
        if (!row)
          return reply
            .status(404)
            .send(page({ title: 'Payment not found', message: 'No such test payment.' }));
        const base = deps.publicUrl.replace(/\/$/, '');
        if (req.body.action === 'cancel') {
          // A payment already authorised (say, Cancel pressed in a page left open behind the
          // one that paid) stays so, with its booking: the payer goes where that payment went.
          await sandbox.cancelByPayer(ctx, row.sbx_reference);
          const done = await fulfil(deps, tenant, sandbox.name, row.sbx_reference).catch(() => undefined);
          return reply.redirect(`${base}/${done?.state === 'authorised' ? 'success' : 'failed'}`, 303);
        }
        const outcome = await sandbox.payWithCard(ctx, row.sbx_reference, req.body.card);
        if (outcome === 'not a test card')
          return reply.status(422).send(
            page({
              title: 'Pay by card',
              amount: formatPounds(row.sbx_amount_pence),
              description: row.sbx_description,
              action: sandboxPagePath(row.sbx_reference, tenant.name),
              message: `Use a test card: ${SANDBOX_CARDS.authorised} or ${SANDBOX_CARDS.declined}.`,
            }),
          );
        // The provider's webhook: book at once; the wizard's quote/payment finds the same booking.
        const done = await fulfil(deps, tenant, sandbox.name, row.sbx_reference, {
          onMailError: (err) => req.log.error({ err: errorSummary(err) }, 'booking confirmation mail failed'),
        }).catch((err: unknown) => {
          req.log.error({ err: errorSummary(err) }, 'sandbox fulfilment failed');
          return undefined;
        });
        return reply.redirect(`${base}/${done?.state === 'authorised' ? 'success' : 'failed'}`, 303);
      },
    );
  };
}
