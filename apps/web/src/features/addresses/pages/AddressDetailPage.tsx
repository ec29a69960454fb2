import { useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle';
import { useSignedIn } from '../../auth';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { addressQuery } from '../api/address-by-id';
import { emptyAddressBook, valuesOfAddress } from '../address-book-values';
import { AddressBookForm } from '../components/AddressBookForm';

/** An existing entry: loaded by customer/address/list {cadd_id}; 'Load Data' when it fails. */
function ExistingAddress({ caddId }: { caddId: number }) {
  const session = useSignedIn();
  const address = useQuery(addressQuery(caddId));
  if (!address.data) return <LoadingBlock error={address.error} />;
  return <AddressBookForm session={session} caddId={caddId} initial={valuesOfAddress(address.data)} />;
}

/**
 * A new entry, on the only account when there is one (spec "access…" §2 Address detail), else on
 * the user's default account when it is theirs (as a new booking starts), else on none.
 */
function NewAddress() {
  const session = useSignedIn();
  const { accounts, user } = session;
  const only = accounts.length === 1 ? accounts[0]!.cust_id : null;
  const preferred = accounts.find((a) => a.cust_id === user.ausr_cust_id)?.cust_id ?? only;
  return <AddressBookForm session={session} initial={emptyAddressBook(preferred)} />;
}

/** /address/detail?_id (addressbook right): 'ADDRESS DETAIL'; without _id an empty entry. 'New' remounts it. */
export default function AddressDetailPage() {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const id = Number(params.get('_id'));
  return (
    <Stack gap={0}>
      <PageTitle>ADDRESS DETAIL</PageTitle>
      {Number.isInteger(id) && id > 0 ? <ExistingAddress key={key} caddId={id} /> : <NewAddress key={key} />}
    </Stack>
  );
}
