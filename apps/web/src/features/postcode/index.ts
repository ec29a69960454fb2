/**
 * What the postcode feature offers the others (ARCHITECTURE rule 9: a feature is used only through
 * its index.ts); everything else in the folder is its own.
 */
export { PostcodeField } from './components/PostcodeField';
export { useAddressSearch } from './use-address-search';
export { searchPatch } from './search-patch';
