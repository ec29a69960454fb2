import { describe, expect, it } from 'vitest';
import { ukDaysAgo } from './uk-day';

describe('ukDaysAgo', () => {
  it("counts back from the UK's day, which in summer starts an hour before UTC's", () => {
    const bstMidnight = new Date('2026-07-01T23:30:00Z'); // 00:30 on 2 July in the UK
    expect(ukDaysAgo(0, bstMidnight)).toBe('02/07/2026');
    expect(ukDaysAgo(2, bstMidnight)).toBe('30/06/2026');
    expect(ukDaysAgo(0, new Date('2026-01-15T23:30:00Z'))).toBe('15/01/2026');
  });

  it('crosses months, years and the change of clocks by calendar days', () => {
    expect(ukDaysAgo(1, new Date('2026-01-01T10:00:00Z'))).toBe('31/12/2025');
    expect(ukDaysAgo(2, new Date('2026-03-30T23:30:00Z'))).toBe('29/03/2026');
  });
});
