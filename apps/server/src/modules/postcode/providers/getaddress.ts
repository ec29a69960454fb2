import { z } from 'zod';
import { toNormalised } from 'postcode';
import type { AddressResult } from '@courier/contracts';
import { addressResult, type SearchQuery } from '../address-search';
import type { AddressProvider } from './provider';

/** getAddress.io's documented base URL. */
export const GETADDRESS_URL = 'https://api.getAddress.io';

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

/** One address of getAddress.io's `find` answer with `expand=true` (the fields we read). */
const getAddressAddress = z.object({
  formatted_address: z.array(z.string()).nullish(),
  thoroughfare: text,
  building_name: text,
  sub_building_name: text,
  sub_building_number: text,
  building_number: text,
  line_1: text,
  locality: text,
  town_or_city: text,
  county: text,
  district: text,
  country: text,
});

/** getAddress.io `GET /find/{postcode}?api-key=…&expand=true` answer. */
export const getAddressFindResponse = z.object({
  postcode: z.string(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
  addresses: z.array(getAddressAddress),
});
export type GetAddressFindResponse = z.input<typeof getAddressFindResponse>;

/** A provider failure the search service logs before falling back to the embedded data. */
export class AddressProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const UK_NATIONS = new Set(['england', 'scotland', 'wales', 'northern ireland']);

/**
 * A getAddress.io address as a search result: the sub-building (name or number) is the
 * sub-dwelling, the building name the dwelling, and the building number goes with the street.
 */
export function fromGetAddress(
  a: z.output<typeof getAddressAddress>,
  found: z.output<typeof getAddressFindResponse>,
  source: string,
): AddressResult {
  const street = [a.building_number, a.thoroughfare].filter(Boolean).join(' ');
  return addressResult({
    dwelling: a.building_name,
    subdwelling: a.sub_building_name || a.sub_building_number,
    street: street || (a.building_name ? '' : a.line_1),
    locality: a.locality,
    town: a.town_or_city,
    county: a.county,
    country: !a.country || UK_NATIONS.has(a.country.toLowerCase()) ? 'United Kingdom' : a.country,
    postcode: toNormalised(found.postcode) ?? found.postcode,
    latitude: found.latitude ?? null,
    longitude: found.longitude ?? null,
    source,
  });
}

export interface GetAddressOptions {
  apiKey: string;
  /** Default GETADDRESS_URL; tests point it at a local fake. */
  baseUrl?: string;
  /** Default 5000 ms. */
  timeoutMs?: number;
}

/**
 * The commercial provider: getAddress.io's `find` by full post code, through global fetch with a
 * timeout. 404 (an unknown post code) is no address; any other failure (401 bad key, 429 too many
 * requests, 5xx, timeout, a malformed answer) throws AddressProviderError.
 */
export class GetAddressProvider implements AddressProvider {
  readonly name = 'getaddress';
  readonly fullPostcodeOnly = true;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: GetAddressOptions) {
    this.baseUrl = (options.baseUrl ?? GETADDRESS_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  async search(q: SearchQuery): Promise<AddressResult[]> {
    if (q.kind !== 'postcode') return [];
    const url = `${this.baseUrl}/find/${encodeURIComponent(q.compact)}?api-key=${encodeURIComponent(this.options.apiKey)}&expand=true`;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      // The URL carries the key: report only what went wrong.
      throw new AddressProviderError(`getAddress unreachable: ${(err as Error).name}`);
    }
    if (res.status === 404) return [];
    if (!res.ok) throw new AddressProviderError(`getAddress answered ${res.status}`, res.status);
    const parsed = getAddressFindResponse.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new AddressProviderError('getAddress answer not understood', res.status);
    return parsed.data.addresses.map((a) => fromGetAddress(a, parsed.data, this.name));
  }
}

/** The getAddress.io provider when ADDRESS_API_KEY is set, else undefined (the embedded data serves). */
export function addressProviderFromEnv(env: {
  ADDRESS_API_KEY?: string;
  ADDRESS_API_URL?: string;
}): AddressProvider | undefined {
  return env.ADDRESS_API_KEY
    ? new GetAddressProvider({ apiKey: env.ADDRESS_API_KEY, baseUrl: env.ADDRESS_API_URL })
    : undefined;
}
