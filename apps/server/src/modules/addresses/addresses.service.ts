import {
  ADDRESS_BOOK_ADDRESS,
  ADDRESS_MSG,
  addressRuleError,
  missingMandatory,
  type AddressListQuery,
  type AddressListResponse,
  type AddressPostData,
  type CustomerAddress,
} from '@courier/contracts';
import { AppError, validationError } from '../../lib/app-error';
import type { GeoIndex } from '../../lib/geo';
import { writeAudit } from '../audit/audit.repository';
import { assertAccount, assertRight, type AuthContext } from '../auth/access';
import { assertAnyRight } from '../customers/customers.service';
import { BAD_POSTCODE, normalisePostcode, postcodeAllowed } from '../postcode/postcode.service';
import { settingsOf } from '../settings/settings.repository';
import * as repo from './addresses.repository';

/** What the address book needs beyond the caller: the post code centroids for coordinates. */
export interface AddressDeps {
  geo: GeoIndex;
}

const accountIds = (auth: AuthContext) => auth.accounts.map((a) => a.cust_id);

/**
 * 403 for a user limited to their own bookings: the address book is the account's, shared by its
 * users, and such a user (a self-registered guest on a shared account) must not change it.
 */
function assertMayChangeAddressBook(auth: AuthContext): void {
  assertRight(auth, 'addressbook');
  if (auth.user.ausr_own_bookings === 'T')
    throw new AppError('NOT_AUTHORIZED', ADDRESS_MSG.ownBookingsOnly, {
      cadd_id: ADDRESS_MSG.ownBookingsOnly,
    });
}

/** 404 'Address not found' unless the address exists and belongs to a linked account. */
async function ownAddress(auth: AuthContext, caddId: number): Promise<CustomerAddress> {
  const row = await repo.addressById(auth.db, caddId, accountIds(auth));
  if (!row) throw new AppError('NOT_FOUND', ADDRESS_MSG.notFound, { cadd_id: ADDRESS_MSG.notFound });
  return row;
}

/**
 * customer/address/list (spec "access…" §2 Address list, §7 Customer). `{cadd_id}`: one address
 * and `{cadd_cust_id, cadd_address_type?}`: an account's addresses, both for the booking screen
 * (booking or addressbook right); otherwise a page of the address book (addressbook right).
 */
export async function listAddresses(auth: AuthContext, req: AddressListQuery): Promise<AddressListResponse> {
  // A user limited to their own bookings (a self-registered guest on a shared account) sees the
  // account's own address (type 0) only, never what other users of the account saved: here and
  // in the address book's page.
  const ownOnly = auth.user.ausr_own_bookings === 'T';
  if (req.cadd_id !== undefined) {
    assertAnyRight(auth, ['booking', 'addressbook']);
    const found = await ownAddress(auth, req.cadd_id);
    if (ownOnly && found.cadd_address_type !== 0)
      throw new AppError('NOT_FOUND', ADDRESS_MSG.notFound, { cadd_id: ADDRESS_MSG.notFound });
    return found;
  }
  if (req.cadd_cust_id !== undefined) {
    assertAnyRight(auth, ['booking', 'addressbook']);
    assertAccount(auth, req.cadd_cust_id, 'cadd_cust_id');
    if (ownOnly && (req.cadd_address_type ?? 0) !== 0) return [];
    return repo.addressesOfAccount(auth.db, req.cadd_cust_id, ownOnly ? 0 : req.cadd_address_type);
  }
  assertRight(auth, 'addressbook');
  const { page, pageSize } = req;
  if (auth.accounts.length === 0) return { rows: [], page, pageSize, hasMore: false };
  const rows = await repo.addressPage(auth.db, {
    accountIds: accountIds(auth),
    accountAddressOnly: ownOnly,
    search: req.search,
    sort: req.sort,
    limit: pageSize + 1,
    offset: (page - 1) * pageSize,
  });
  return { rows: rows.slice(0, pageSize), page, pageSize, hasMore: rows.length > pageSize };
}

/**
 * Checks an address-book entry (spec "access…" §5, "bookings…" §5) and returns the values to
 * store: 400 naming missing mandatory fields (setting mandatory.AddressBook) and a bad post code
 * (letters, digits and spaces only for users with the bypass right); 422 for a PO box or an
 * address without building and street (insufficient information when empty; the rules are the
 * booking's, from @courier/contracts). Post code normalised, country defaulting to the UK,
 * coordinates from the post code when not given.
 */
async function checkedValues(auth: AuthContext, deps: AddressDeps, input: AddressPostData) {
  const [mandatory, config] = await Promise.all([
    settingsOf(auth.db, 'mandatory', input.cadd_cust_id),
    settingsOf(auth.db, 'config', input.cadd_cust_id),
  ]);
  const fields: Record<string, string> = missingMandatory(ADDRESS_BOOK_ADDRESS, mandatory.AddressBook, input);
  const bypass = auth.user.ausr_bypass_pcode_validation === 'T';
  if (input.cadd_postalcode && !postcodeAllowed(input.cadd_postalcode, bypass))
    fields.cadd_postalcode = BAD_POSTCODE;
  if (Object.keys(fields).length) throw validationError(fields);
  const rule = addressRuleError(ADDRESS_BOOK_ADDRESS, input, config.cfg_disallow_pobox === 'T');
  if (rule) throw new AppError('BUSINESS_RULE', rule, { cadd_street: rule });

  const postcode = input.cadd_postalcode ? normalisePostcode(input.cadd_postalcode) : '';
  const given = typeof input.cadd_latitude === 'number' && typeof input.cadd_longitude === 'number';
  const place = given || !postcode ? null : deps.geo.locate(postcode);
  return {
    cadd_cust_id: input.cadd_cust_id,
    cadd_coname: input.cadd_coname,
    cadd_build: input.cadd_build,
    cadd_street: input.cadd_street,
    cadd_locality: input.cadd_locality,
    cadd_town: input.cadd_town,
    cadd_county: input.cadd_county,
    cadd_country: input.cadd_country || 'United Kingdom',
    cadd_postalcode: postcode,
    cadd_latitude: given ? input.cadd_latitude! : (place?.lat ?? null),
    cadd_longitude: given ? input.cadd_longitude! : (place?.lon ?? null),
    cadd_default_delivery: input.cadd_default_delivery,
  };
}

/**
 * customer/address/post (addressbook right; 403 for a user limited to their own bookings): creates (no cadd_id; a delivery address, type 1) or
 * updates (cadd_id; its type is kept) an address of a linked account, with an audit row in the
 * same transaction. Answers the saved row.
 */
export async function postAddress(
  auth: AuthContext,
  deps: AddressDeps,
  input: AddressPostData,
): Promise<CustomerAddress> {
  assertMayChangeAddressBook(auth);
  assertAccount(auth, input.cadd_cust_id, 'cadd_cust_id');
  const existing = input.cadd_id === undefined ? undefined : await ownAddress(auth, input.cadd_id);
  if (existing?.cadd_address_type === 0 && existing.cadd_cust_id !== input.cadd_cust_id)
    throw new AppError('BUSINESS_RULE', 'The account address stays with its account', {
      cadd_cust_id: 'The account address stays with its account',
    });
  const values = await checkedValues(auth, deps, input);
  return auth.db.transaction(async (tx) => {
    let caddId = input.cadd_id;
    if (caddId === undefined) caddId = await repo.insertAddress(tx, { ...values, cadd_address_type: 1 });
    else await repo.updateAddress(tx, caddId, values);
    await writeAudit(tx, {
      user: auth.user.ausr_logon,
      unit: 'address',
      process: input.cadd_id === undefined ? 'create' : 'update',
      type: 'info',
      detail: { cadd_id: caddId, cadd_cust_id: values.cadd_cust_id },
    });
    return (await repo.addressById(tx, caddId, [values.cadd_cust_id]))!;
  });
}

/**
 * customer/address/delete (addressbook right; 403 for a user limited to their own bookings): a
 * linked account's address, never its main one (type 0).
 */
export async function deleteAddress(auth: AuthContext, caddId: number): Promise<{ cadd_id: number }> {
  assertMayChangeAddressBook(auth);
  const row = await ownAddress(auth, caddId);
  if (row.cadd_address_type === 0)
    throw new AppError('BUSINESS_RULE', ADDRESS_MSG.mainAddress, { cadd_id: ADDRESS_MSG.mainAddress });
  await auth.db.transaction(async (tx) => {
    await repo.deleteAddress(tx, caddId);
    await writeAudit(tx, {
      user: auth.user.ausr_logon,
      unit: 'address',
      process: 'delete',
      type: 'info',
      detail: { cadd_id: caddId, cadd_cust_id: row.cadd_cust_id },
    });
  });
  return { cadd_id: caddId };
}
