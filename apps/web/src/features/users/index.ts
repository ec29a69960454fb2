/**
 * What the users feature offers the others (ARCHITECTURE rule 9: a feature is used only through
 * its index.ts); everything else in the folder is its own.
 */
export { MY_ACCOUNT_PATH, USER_LIST_PATH } from './user-paths';
