import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { renderApp } from '../test/render';
import { PhoneTable } from './PhoneTable';

interface Row {
  id: number;
  name: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'Ann' },
  { id: 2, name: 'Bob' },
];

function draw(over: Partial<Parameters<typeof PhoneTable<Row>>[0]> = {}) {
  const props = {
    records: ROWS,
    column: {
      accessor: 'name' as const,
      title: 'Name',
      sortable: true,
      render: (r: Row) => `card ${r.name}`,
    },
    idAccessor: 'id' as const,
    sortStatus: { columnAccessor: 'name', direction: 'desc' } as DataTableSortStatus<Row>,
    onSortStatusChange: vi.fn(),
    onRowClick: vi.fn(),
    fetching: false,
    noRecordsText: 'No records',
    ...over,
  };
  renderApp(<PhoneTable<Row> {...props} />);
  return props;
}

describe('PhoneTable', () => {
  it("draws one card a row under the column's title, and a tap on a row opens that row", () => {
    const props = draw();
    const rows = screen.getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['Name', 'card Ann', 'card Bob']);
    fireEvent.click(within(rows[2]!).getByText('card Bob'));
    expect(props.onRowClick).toHaveBeenCalledWith(ROWS[1]);
    expect(screen.queryByText('No records')).toBeNull();
  });

  it('names its sort for assistive tech and a tap on the title sorts the other way', () => {
    const props = draw();
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(props.onSortStatusChange).toHaveBeenCalledWith({ columnAccessor: 'name', direction: 'asc' });
  });

  it('sorts by its column ascending when the list was sorted by another', () => {
    const props = draw({ sortStatus: { columnAccessor: 'town', direction: 'desc' } });
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(props.onSortStatusChange).toHaveBeenCalledWith({ columnAccessor: 'name', direction: 'asc' });
  });

  it('says there are no records once loaded, not while the rows are on their way', () => {
    draw({ records: [], fetching: true });
    expect(screen.queryByText('No records')).toBeNull();
    draw({ records: [] });
    expect(screen.getByText('No records')).toBeTruthy();
  });

  it('keeps the loader over the part of an infinite list in view, outside what scrolls', () => {
    draw({ height: 560, onScrollToBottom: vi.fn(), fetching: true });
    const box = screen.getByRole('table').parentElement!;
    const loader = document.querySelector('.mantine-Loader-root')!;
    expect(loader).toBeTruthy();
    expect(box.contains(loader)).toBe(false);
    expect(box.parentElement!.contains(loader)).toBe(true);
  });

  it('asks for more rows when an infinite list is scrolled to its end, not before', () => {
    const more = vi.fn();
    draw({ height: 560, onScrollToBottom: more });
    const box = screen.getByRole('table').parentElement!;
    Object.defineProperties(box, {
      scrollHeight: { value: 2000 },
      clientHeight: { value: 560 },
    });
    box.scrollTop = 1000;
    fireEvent.scroll(box);
    expect(more).not.toHaveBeenCalled();
    box.scrollTop = 1420;
    fireEvent.scroll(box);
    expect(more).toHaveBeenCalledTimes(1);
    // Still at the end (momentum, the next page on its way): asked once, not at every scroll.
    box.scrollTop = 1440;
    fireEvent.scroll(box);
    expect(more).toHaveBeenCalledTimes(1);
    // Back up, then at the end again: asked again.
    box.scrollTop = 800;
    fireEvent.scroll(box);
    box.scrollTop = 1430;
    fireEvent.scroll(box);
    expect(more).toHaveBeenCalledTimes(2);
  });
});
