/**
 * Cache keys of the control room. Every board (circuit/docket/list of one circuit, whatever its
 * page, sort or filter) starts with boardKey(code), so a live event about that circuit refreshes
 * each of them with one invalidation (ARCHITECTURE rule 11).
 */
export const CONTROL_KEY = ['control'] as const;

/** Prefix of every board query of circuit `code`. */
export const boardKey = (code: string) => [...CONTROL_KEY, 'board', code] as const;

/** Prefix of every board query, all circuits. */
export const BOARDS_KEY = [...CONTROL_KEY, 'board'] as const;
