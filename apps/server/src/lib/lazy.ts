/**
 * A value made on first use and kept (a package loaded with `import()`, a client built from it):
 * `load` runs once, and every later call gets the same promise. A load that fails is forgotten,
 * so the next call tries again instead of failing until a restart.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () =>
    (value ??= load().catch((e: unknown) => {
      value = undefined;
      throw e;
    }));
}
