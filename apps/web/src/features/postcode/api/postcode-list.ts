import { useMutation } from '@tanstack/react-query';
import { RESULT_FIELDS, type AddressQueryInput, type ResultField } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';

/** Its answer's schema, loaded with the first answer (zod is not part of a booking screen's first load). */
const ADDRESSES = lazySchema(() => import('@courier/contracts/postcode').then((m) => m.postcodeListResponse));

/** The parts of an address a search may use, named as the results name them. */
export type SearchParts = Partial<Record<ResultField, string>>;

/**
 * The search body of spec "access…" §7 Postcode: only the non-empty fields, and no town when the
 * post code starts with it.
 */
export function searchQuery(parts: SearchParts): AddressQueryInput {
  const query: AddressQueryInput = {};
  for (const field of RESULT_FIELDS) {
    const value = parts[field]?.trim();
    if (value) query[field] = value;
  }
  const { town, postcode } = query;
  if (town && postcode?.toUpperCase().startsWith(town.toUpperCase())) delete query.town;
  return query;
}

/**
 * POST /api/postcode/list {address}: matching addresses, full length (the screens truncate them);
 * with a `database`, the public quote/postcode/list of the quote wizard (spec "access…" §7 Postcode).
 */
export const fetchPostcodeList = (parts: SearchParts, database?: string) =>
  database
    ? apiPost('/api/quote/postcode/list', { address: searchQuery(parts), database }, ADDRESSES)
    : apiPost('/api/postcode/list', { address: searchQuery(parts) }, ADDRESSES);

/** The address search behind each post code's search button (the quote wizard's with its `database`). */
export const usePostcodeList = (database?: string) =>
  useMutation({ mutationFn: (parts: SearchParts) => fetchPostcodeList(parts, database) });
