/**
 * What the control feature offers the others (ARCHITECTURE rule 9: a feature is used only through
 * its index.ts); everything else in the folder is its own.
 */
export { BOARDS_KEY, boardKey, CONTROL_KEY } from './api/control-keys';
