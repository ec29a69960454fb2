/**
 * What a chosen ADDRESS LIST result changes in a form: every part it has, but not the parts the
 * user types about the place itself (company, building) when the result has none, as an area-only
 * result (a post code's street and town) has not: 'Unit 5' typed before the search stays.
 * `own`: those fields of `patch` (dadd_companyname, dadd_build; cadd_coname, cadd_build).
 */
export function searchPatch<T extends object>(patch: T, own: readonly (keyof T)[]): Partial<T> {
  const kept = { ...patch };
  for (const key of own) if (!kept[key]) delete kept[key];
  return kept;
}
