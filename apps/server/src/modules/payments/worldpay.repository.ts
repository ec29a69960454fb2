import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { worldpayOrders } from '../../db/schema';

export type WorldpayOrderRow = typeof worldpayOrders.$inferSelect;

/** The Worldpay order of a customerOrderCode, or undefined. */
export async function worldpayOrder(db: Executor, code: string): Promise<WorldpayOrderRow | undefined> {
  const rows = await db
    .select()
    .from(worldpayOrders)
    .where(eq(worldpayOrders.wp_customer_order_code, code))
    .limit(1);
  return rows[0];
}

/**
 * Claims a customerOrderCode (state `placing`, or `cancelled` to bar it): true when this call wrote
 * the row, false when one was there (another call placed, is placing or cancelled it).
 */
export async function claimWorldpayOrder(
  db: Executor,
  row: typeof worldpayOrders.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(worldpayOrders)
    .values(row)
    .onConflictDoNothing()
    .returning({ code: worldpayOrders.wp_customer_order_code });
  return rows.length === 1;
}

/** Moves an order from one of `from` to what Worldpay answered; false when it was in none of them. */
export async function settleWorldpayOrder(
  db: Executor,
  code: string,
  from: string[],
  to: {
    wp_state: string;
    wp_order_code?: string | null;
    wp_message?: string;
    wp_3ds_url?: string | null;
    wp_3ds_pareq?: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(worldpayOrders)
    .set({
      wp_state: to.wp_state,
      ...(to.wp_order_code === undefined ? {} : { wp_order_code: to.wp_order_code }),
      ...(to.wp_message === undefined ? {} : { wp_message: to.wp_message.slice(0, 300) }),
      ...(to.wp_3ds_url === undefined ? {} : { wp_3ds_url: to.wp_3ds_url }),
      ...(to.wp_3ds_pareq === undefined ? {} : { wp_3ds_pareq: to.wp_3ds_pareq }),
    })
    .where(and(eq(worldpayOrders.wp_customer_order_code, code), inArray(worldpayOrders.wp_state, from)))
    .returning({ code: worldpayOrders.wp_customer_order_code });
  return rows.length === 1;
}
