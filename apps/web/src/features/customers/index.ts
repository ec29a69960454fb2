/**
 * What the customers feature offers the others (ARCHITECTURE rule 9: a feature is used only through
 * its index.ts); everything else in the folder is its own.
 */
export { CUSTOMER_KEYS, customerDetailQuery, postCustomer, postReferenceList } from './api/customer-detail';
export { customerListQuery } from './api/customer-list';
export { referenceListsQuery } from './api/reference-lists';
export { serviceTypeListQuery } from './api/service-type-list';
export { settingsQuery } from './api/settings-list';
export type { Settings } from './api/settings-list';
export { tariffTypeListQuery } from './api/tariff-type-list';
export { ContactsModal } from './components/ContactsModal';
