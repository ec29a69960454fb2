import { describe, expect, it } from 'vitest';
import { searchPatch } from './search-patch';

describe('searchPatch', () => {
  it("keeps the typed company and building when the result has none, and takes the result's own", () => {
    const area = {
      dadd_companyname: '',
      dadd_build: '',
      dadd_street: 'Portland Street',
      dadd_town: 'Manchester',
    };
    expect(searchPatch(area, ['dadd_companyname', 'dadd_build'])).toEqual({
      dadd_street: 'Portland Street',
      dadd_town: 'Manchester',
    });
    const full = { ...area, dadd_companyname: 'Piccadilly Plaza', dadd_build: '1' };
    expect(searchPatch(full, ['dadd_companyname', 'dadd_build'])).toEqual(full);
  });
});
