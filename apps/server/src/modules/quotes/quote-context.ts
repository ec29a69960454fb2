import type { Db } from '../../db/client';
import { capacityOf, type Capacity } from '../pricing/capacity';
import { guestAccessFrom, quoteSettingsFrom, type QuoteSettings } from '../settings/settings.service';
import { settingsByGroup } from '../settings/settings.repository';
import {
  QUOTE_SETTING_GROUPS,
  readQuoteContext,
  type QuoteAccountRow,
  type TariffRate,
} from './quote-context.repository';

/**
 * What a guest quote prices with (issue 11 §1 quote/alltariffs/list): the quote settings, guest
 * access, the vehicle capacities (config group), the service type ids, the tariff rates by tariff
 * id and the quote account, as of context version `version`.
 */
export interface QuoteContext {
  version: string;
  /** Read for this call (true), or the copy kept from an earlier call (false). */
  fresh: boolean;
  settings: QuoteSettings;
  guestAccess: boolean;
  serviceTypes: ReadonlySet<string>;
  tariffs: TariffRate[];
  /** Each tariff's vehicle capacity (capacityOf: the config group's or the default), by tariff id. */
  capacities: ReadonlyMap<number, Capacity | undefined>;
  quoteAccount: QuoteAccountRow | undefined;
}

/** The last context read per tenant database (one per process; checked before use, never trusted blindly). */
const kept = new WeakMap<Db, QuoteContext>();

/** Reads the tenant's quote context now (one statement) and keeps it for later calls. */
export async function freshQuoteContext(db: Db): Promise<QuoteContext> {
  const row = await readQuoteContext(db);
  const groups = settingsByGroup(QUOTE_SETTING_GROUPS, row.settings);
  const settings = quoteSettingsFrom(groups);
  const account = row.quote_account;
  const ctx: QuoteContext = {
    version: row.version,
    fresh: true,
    settings,
    guestAccess: guestAccessFrom(groups.general!),
    serviceTypes: new Set(row.service_types),
    tariffs: row.tariffs,
    capacities: new Map(row.tariffs.map((t) => [t.ttyp_tariff, capacityOf(t.ttyp_tariff, groups.config!)])),
    quoteAccount: account && account.cust_id === settings.quoteCustomer ? account : undefined,
  };
  kept.set(db, { ...ctx, fresh: false });
  return ctx;
}

/**
 * The context an earlier call read on this tenant, if any. It may be out of date: whatever is
 * stored with it must check its `version` in the storing statement (insertQuoteIfCurrent), and an
 * error found with it is only believed after a fresh read.
 */
export const keptQuoteContext = (db: Db): QuoteContext | undefined => kept.get(db);
