import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderApp, testQueryClient } from '../test/render';
import { usePagedList, type ListPage } from './use-paged-list';

const KEY = ['things'] as const;

/** What the list shows, and how often it was drawn. */
let draws = 0;
let goTo: (page: number) => void = () => undefined;

function Things({ fetchPage }: { fetchPage: (page: number) => Promise<ListPage<string>> }) {
  const list = usePagedList({ queryKey: KEY, fetchPage: (page) => fetchPage(page), infinite: false });
  draws++;
  goTo = list.goTo;
  return (
    <output data-testid="things">
      {list.fetching ? 'fetching ' : ''}
      {list.rows.join(',')}
    </output>
  );
}

const pageOf = (page: number): ListPage<string> => ({
  rows: [`row ${page}a`, `row ${page}b`],
  page,
  pageSize: 20,
  hasMore: true,
});

describe('usePagedList', () => {
  it('says fetching for the first page and another page, the previous rows staying meanwhile', async () => {
    let release: () => void = () => undefined;
    const fetchPage = vi.fn(async (page: number) => {
      if (page === 2) await new Promise<void>((r) => (release = r));
      return pageOf(page);
    });
    renderApp(<Things fetchPage={fetchPage} />);
    expect(screen.getByTestId('things').textContent).toBe('fetching ');
    await waitFor(() => expect(screen.getByTestId('things').textContent).toBe('row 1a,row 1b'));
    act(() => goTo(2));
    await waitFor(() => expect(screen.getByTestId('things').textContent).toBe('fetching row 1a,row 1b'));
    act(() => release());
    await waitFor(() => expect(screen.getByTestId('things').textContent).toBe('row 2a,row 2b'));
  });

  it('refreshes in the background (a live update) without a loader, and draws nothing again for the same rows', async () => {
    const queryClient = testQueryClient();
    let release: () => void = () => undefined;
    const fetchPage = vi.fn(async (page: number) => {
      if (fetchPage.mock.calls.length > 1) await new Promise<void>((r) => (release = r));
      return pageOf(page);
    });
    renderApp(<Things fetchPage={fetchPage} />, { queryClient });
    await waitFor(() => expect(screen.getByTestId('things').textContent).toBe('row 1a,row 1b'));
    const drawn = draws;
    let refreshed: Promise<void> = Promise.resolve();
    act(() => void (refreshed = queryClient.invalidateQueries({ queryKey: KEY })));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 20));
    // The refresh is on its way: the rows stay, with no loader.
    expect(screen.getByTestId('things').textContent).toBe('row 1a,row 1b');
    await act(async () => {
      release();
      await refreshed;
    });
    expect(screen.getByTestId('things').textContent).toBe('row 1a,row 1b');
    expect(draws).toBe(drawn);
  });

  it('draws the new rows a refresh brings', async () => {
    const queryClient = testQueryClient();
    let suffix = '';
    const fetchPage = vi.fn(async () => ({ ...pageOf(1), rows: [`row 1a${suffix}`] }));
    renderApp(<Things fetchPage={fetchPage} />, { queryClient });
    await waitFor(() => expect(screen.getByTestId('things').textContent).toBe('row 1a'));
    suffix = ' (delivered)';
    await act(() => queryClient.invalidateQueries({ queryKey: KEY }));
    await waitFor(() => expect(screen.getByTestId('things').textContent).toBe('row 1a (delivered)'));
  });
});
