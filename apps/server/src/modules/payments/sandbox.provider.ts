import { randomToken } from '../../lib/tokens';
import type { Clock } from '../../lib/clock';
import {
  PAYMENT_PAGE_SECONDS,
  type BeginPayment,
  type BegunPayment,
  type ConfirmPayment,
  type PaymentProvider,
  type ProviderContext,
  type ProviderOutcome,
} from './payment-provider';
import * as repo from './sandbox.repository';

/** The sandbox's test cards (Stripe's well-known numbers): one is authorised, one is declined. */
export const SANDBOX_CARDS = {
  authorised: '4242424242424242',
  declined: '4000000000000002',
} as const;

/** The sandbox's decline message, as a provider's last payment error. */
export const SANDBOX_DECLINED = 'Your card was declined (sandbox test card 4000 0000 0000 0002).';

/** The path of the sandbox's test payment page of a reference. */
export const sandboxPagePath = (reference: string, database: string) =>
  `/payment/sandbox/${encodeURIComponent(reference)}?${new URLSearchParams({ database }).toString()}`;

/**
 * A payment provider that takes no money (issue 11 §2): a clearly labelled test payment page on
 * our own server (/payment/sandbox/{reference}) where the test card 4242 4242 4242 4242 is
 * authorised and 4000 0000 0000 0002 is declined, so `npm start` can take a guest through the
 * whole flow offline. Its book is the sandbox_payments table of the tenant.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly cardForm = false;
  constructor(private readonly clock: Clock) {}

  async begin(ctx: ProviderContext, req: BeginPayment): Promise<BegunPayment> {
    // 192 random bits: the page's address is all a payer needs, so it must not be guessable.
    const reference = `sbx_${randomToken().slice(0, 32)}`;
    await repo.insertSandboxPayment(ctx.db, {
      sbx_reference: reference,
      sbx_amount_pence: req.amountPence,
      sbx_currency: req.currency,
      sbx_description: req.description.slice(0, 200),
      sbx_return_url: req.successUrl.slice(0, 500),
      sbx_state: 'open',
      sbx_created: this.clock.now(),
    });
    return { reference, url: sandboxPagePath(reference, ctx.database) };
  }

  async confirm(ctx: ProviderContext, req: ConfirmPayment): Promise<ProviderOutcome> {
    const row = await repo.sandboxPayment(ctx.db, req.reference);
    if (!row) return { state: 'failed', message: 'Unknown sandbox payment' };
    switch (row.sbx_state) {
      case 'authorised':
        return { state: 'authorised', amountPence: row.sbx_amount_pence };
      case 'declined':
        return { state: 'declined', message: SANDBOX_DECLINED };
      case 'cancelled':
        return { state: 'abandoned' };
      default:
        return { state: 'pending' };
    }
  }

  async cancel(ctx: ProviderContext, reference: string): Promise<void> {
    // An open payment closes; an authorised one is released (the hold is voided).
    await repo.closeSandboxPayment(ctx.db, reference, 'cancelled', undefined, ['open', 'authorised']);
  }

  /**
   * The payer's Cancel on the test page: only an open payment closes. Once authorised the hold is
   * the booking's; only our server releases it (cancel), when no booking can use it.
   */
  async cancelByPayer(ctx: ProviderContext, reference: string): Promise<void> {
    await repo.closeSandboxPayment(ctx.db, reference, 'cancelled');
  }

  /**
   * The test page's card: the authorised test card holds the amount, the declined one is refused,
   * any other number is an error the page shows (nothing recorded). Only an open payment changes.
   */
  async payWithCard(
    ctx: ProviderContext,
    reference: string,
    cardNumber: string,
  ): Promise<'authorised' | 'declined' | 'not a test card' | 'closed'> {
    const digits = cardNumber.replace(/[\s-]/g, '');
    const outcome =
      digits === SANDBOX_CARDS.authorised
        ? 'authorised'
        : digits === SANDBOX_CARDS.declined
          ? 'declined'
          : undefined;
    if (!outcome) return 'not a test card';
    return (await repo.closeSandboxPayment(ctx.db, reference, outcome, digits.slice(-4)))
      ? outcome
      : 'closed';
  }

  /**
   * The page's view of a payment, or undefined. An open payment older than PAYMENT_PAGE_SECONDS
   * (as Stripe's session expires) is closed first, as cancelled: its page takes no card.
   */
  async page(ctx: ProviderContext, reference: string) {
    const row = await repo.sandboxPayment(ctx.db, reference);
    const lapsed =
      row?.sbx_state === 'open' &&
      this.clock.now().getTime() - row.sbx_created.getTime() > PAYMENT_PAGE_SECONDS * 1000;
    if (!lapsed) return row;
    await repo.closeSandboxPayment(ctx.db, reference, 'cancelled');
    return repo.sandboxPayment(ctx.db, reference);
  }
}
