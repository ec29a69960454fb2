/**
 * What the addresses feature offers the others (ARCHITECTURE rule 9: a feature is used only through
 * its index.ts); everything else in the folder is its own.
 */
export { partsOfCustomerAddress } from './address-parts';
export type { AddressParts } from './address-parts';
export { checkAddressFields } from './address-rules';
export { MAIN_ADDRESS_TYPE, accountAddressesQuery } from './api/account-addresses';
export { CustomerAddressListModal } from './components/CustomerAddressListModal';
