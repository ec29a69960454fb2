import type { AddressResult } from '@courier/contracts';
import type { SearchQuery } from '../address-search';

/**
 * A source of UK addresses for the address search (spec "access…" §7 Postcode). The search service
 * adds the tenant's own addresses (address book, past dockets) before and the post code itself
 * after whatever the provider answers, de-duplicates and caps the list.
 */
export interface AddressProvider {
  /** Tagged on each result's `source`. */
  readonly name: string;
  /** True when it answers full post codes only; other searches then go to the embedded data. */
  readonly fullPostcodeOnly: boolean;
  /** Addresses matching the query; throws when the provider cannot answer (the service then falls back). */
  search(query: SearchQuery): Promise<AddressResult[]>;
}
