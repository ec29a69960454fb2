import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../test/render';
import type { PagedList } from '../lib/use-paged-list';
import { PagedTable } from './PagedTable';

interface Row {
  id: number;
  name: string;
}

const list = (over: Partial<PagedList<Row>>): PagedList<Row> => ({
  rows: [],
  page: 1,
  hasMore: false,
  fetching: false,
  error: null,
  goTo: vi.fn(),
  loadMore: vi.fn(),
  ...over,
});

const table = (l: PagedList<Row>) => (
  <PagedTable<Row>
    list={l}
    infinite={false}
    columns={[{ accessor: 'name', title: 'Name' }]}
    idAccessor="id"
    sortStatus={{ columnAccessor: 'name', direction: 'asc' }}
    onSortStatusChange={vi.fn()}
    onRowClick={vi.fn()}
    noRecordsText="No records"
  />
);

describe('PagedTable', () => {
  it('shows Page, Previous and Next only once the first page is there (no layout shift while it loads)', () => {
    const loading = renderApp(table(list({ fetching: true })));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.queryByText('Page 1')).toBeNull();
    loading.unmount();
    const loaded = renderApp(table(list({ rows: [{ id: 1, name: 'Ann' }], hasMore: true })));
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    loaded.unmount();
    // The next page's load keeps the buttons in place; an empty result still shows where the user is.
    const next = renderApp(table(list({ rows: [{ id: 1, name: 'Ann' }], page: 2, fetching: true })));
    expect(screen.getByText('Page 2')).toBeTruthy();
    next.unmount();
    renderApp(table(list({})));
    expect(screen.getByText('Page 1')).toBeTruthy();
  });
});
