import type { z } from 'zod';

/**
 * A schema loader (ResponseSchema) that builds its schema once, on the first call that needs it,
 * and again after a failed import: for the calls of a screen's first load, whose contracts file
 * and zod then come with the first answer instead of before the screen draws.
 */
export function lazySchema<T>(build: () => Promise<z.ZodType<T>>): () => Promise<z.ZodType<T>> {
  let built: Promise<z.ZodType<T>> | undefined;
  return () =>
    (built ??= build().catch((err: unknown) => {
      built = undefined;
      throw err;
    }));
}

/** A lazySchema of a list of `item`s: zod and the item's contracts file load with the first call. */
export const lazyListOf = <T>(item: () => Promise<z.ZodType<T>>): (() => Promise<z.ZodType<T[]>>) =>
  lazySchema(() =>
    Promise.all([import('./schema-builders'), item()]).then(([{ listOf }, schema]) => listOf(schema)),
  );
