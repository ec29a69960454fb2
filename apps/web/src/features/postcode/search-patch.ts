/**
 * What a chosen ADDRESS LIST result changes in a form: every part it has, but not the parts the
 * user types about the place itself (company, building, street) when the result has none, as an
 * area-only result (a post code's town, and no street when the area's streets differ) has not:
 * 'Unit 5' and 'Whitehall' typed before the search stay. `own`: those fields of `patch`
 * (dadd_companyname, dadd_build, dadd_street; cadd_coname, cadd_build, cadd_street).
 */
export function searchPatch<T extends object>(patch: T, own: readonly (keyof T)[]): Partial<T> {
  const kept = { ...patch };
  for (const key of own) if (!kept[key]) delete kept[key];
  return kept;
}
