import type { Db } from '../../db/client';
import { namedQuery, type NamedStatement } from '../../db/prepared';
import type { tariffTypes } from '../../db/schema';

/** The settings groups a guest quote reads: default, payment, message and general (quote settings, guest access) and config (capacities). */
export const QUOTE_SETTING_GROUPS = ['default', 'payment', 'message', 'general', 'config'] as const;

/** A tariff's rates, as tariff_types holds them (pence, mph). */
export type TariffRate = typeof tariffTypes.$inferSelect;

/** The quote account's fields (default.aset_quote_customer, when it exists and is not on hold). */
export interface QuoteAccountRow {
  cust_id: number;
  cust_name: string;
  cust_mop: string;
  cust_maintariff: number | null;
}

/** What quoteContextStatement answers. */
export interface QuoteContextRow {
  /** context_versions 'lookups' as read in the same snapshot as the rest (a bigint, as text). */
  version: string;
  /** [group, key, value] of the tenant's settings (sett_cust_id 0) in QUOTE_SETTING_GROUPS. */
  settings: [string, string, string][];
  service_types: string[];
  tariffs: TariffRate[];
  quote_account: QuoteAccountRow | null;
}

const quoteContextStatement: NamedStatement = {
  name: 'quote_context',
  text: `select (select ctx_version from context_versions where ctx_name = 'lookups')::text as version,
    coalesce((select json_agg(json_build_array(sett_group, sett_key, sett_value))
                from settings where sett_cust_id = 0 and sett_group = any($1::text[])), '[]') as settings,
    coalesce((select json_agg(styp_id) from service_types), '[]') as service_types,
    coalesce((select json_agg(t order by t.ttyp_tariff) from tariff_types t), '[]') as tariffs,
    (select json_build_object('cust_id', c.cust_id, 'cust_name', c.cust_name, 'cust_mop', c.cust_mop,
                              'cust_maintariff', c.cust_maintariff)
       from settings s join customers c
         on c.cust_id = case when s.sett_value ~ '^[0-9]{1,9}$' then s.sett_value::int end
      where s.sett_group = 'default' and s.sett_key = 'aset_quote_customer' and s.sett_cust_id = 0
        and c.cust_onhold = 'F') as quote_account`,
};

/**
 * Everything a guest quote prices with, in one statement (one snapshot): the version of that
 * context (context_versions 'lookups', moved on by every write to settings, tariff_types,
 * service_types and customers), the settings of QUOTE_SETTING_GROUPS, the service type ids, the
 * tariff rates by tariff id, and the quote account.
 */
export async function readQuoteContext(db: Db): Promise<QuoteContextRow> {
  const [row] = await namedQuery<QuoteContextRow>(db, quoteContextStatement, [
    `{${QUOTE_SETTING_GROUPS.join(',')}}`,
  ]);
  return row!;
}
