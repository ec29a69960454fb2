import { useState, type ReactNode } from 'react';
import { ADDRESS_MSG, type AddressResult } from '@courier/contracts';
import { notifyApiError, notifyInfo } from '../../lib/notify';
import { usePostcodeList, type SearchParts } from './api/postcode-list';
import { AddressListModal } from './components/AddressListModal';

/** Title of the address search's notifications (spec "bookings…" §8, "access…" §8). */
const FIND_ADDRESS = 'Find Address';

/** A post code search and its ADDRESS LIST modal. */
export interface AddressSearch {
  search: (parts: SearchParts) => void;
  searching: boolean;
  /** The ADDRESS LIST modal, to render once next to the inputs. */
  modal: ReactNode;
}

/**
 * Searches by the filled-in parts of an address and opens ADDRESS LIST with the results; none is the
 * info 'Find Address: No matching addresses found', a failure 'Find Address' with the server message.
 * With a `database` it is the quote wizard's public search (quote/postcode/list).
 */
export function useAddressSearch(
  onChoose: (result: AddressResult) => void,
  database?: string,
): AddressSearch {
  const [results, setResults] = useState<AddressResult[] | null>(null);
  const list = usePostcodeList(database);
  const search = (parts: SearchParts) =>
    list.mutate(parts, {
      onSuccess: (answer) => {
        if (answer.addresses.length) setResults(answer.addresses);
        else notifyInfo(FIND_ADDRESS, answer.message ?? ADDRESS_MSG.noMatch);
      },
      onError: (error) => notifyApiError(FIND_ADDRESS, error),
    });
  const modal = (
    <AddressListModal
      results={results}
      onClose={() => setResults(null)}
      onChoose={(result) => {
        setResults(null);
        onChoose(result);
      }}
    />
  );
  return { search, searching: list.isPending, modal };
}
