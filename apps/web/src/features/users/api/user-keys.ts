/** Cache key prefix of every user query (list pages, details, links); a save or delete invalidates it. */
export const USERS_KEY = ['users'] as const;
