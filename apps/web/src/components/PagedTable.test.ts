import { describe, expect, it } from 'vitest';
import { nextSort } from './PagedTable';

describe('nextSort', () => {
  it('flips the direction of the same column', () => {
    expect(
      nextSort(
        { columnAccessor: 'dck_docket', direction: 'desc' },
        { columnAccessor: 'dck_docket', direction: 'asc' },
      ),
    ).toEqual({
      columnAccessor: 'dck_docket',
      direction: 'asc',
    });
  });
  it('starts another column ascending', () => {
    expect(
      nextSort(
        { columnAccessor: 'dck_docket', direction: 'desc' },
        { columnAccessor: 'to_town', direction: 'desc' },
      ),
    ).toEqual({
      columnAccessor: 'to_town',
      direction: 'asc',
    });
  });
});
