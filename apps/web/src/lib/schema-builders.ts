import { z } from 'zod';

/**
 * The zod builders the API client's lazy schemas need (lazyListOf, the settings record), in a
 * module of their own that is imported when a first answer comes: importing zod itself
 * dynamically would keep all of it (its namespace), not only what is used.
 */

/** A list of `item`s. */
export const listOf = <T>(item: z.ZodType<T>) => z.array(item);

/** An object of string values by string key (a settings group). */
export const stringRecord = () => z.record(z.string(), z.string());
