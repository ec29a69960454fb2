import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';

/** One page of a server list: docket/list and the address book answer this shape. */
export interface ListPage<T> {
  rows: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/** 20 rows a page with Previous/Next, or 50 loaded as the table scrolls (spec "bookings…" §9, "access…" §9). */
export type PageSize = 20 | 50;
export const pageSizeOf = (infinite: boolean): PageSize => (infinite ? 50 : 20);

interface PagedListOptions<T> {
  /** The list's cache key with its filter and sort; when it changes the list starts again at page 1. */
  queryKey: readonly unknown[];
  fetchPage: (page: number, pageSize: PageSize) => Promise<ListPage<T>>;
  /** Infinite scroll (50 a page) instead of Previous/Next (20 a page). */
  infinite: boolean;
  enabled?: boolean;
}

/** What a paged table shows and the two ways to move on. */
export interface PagedList<T> {
  rows: T[];
  page: number;
  hasMore: boolean;
  /**
   * Rows are on their way that the table does not show yet: the first page, another page or sort
   * (the previous rows stay meanwhile), the next 50. Not a refresh in the background (a live
   * update's): the rows on screen stay as they are, and when the answer is the same nothing is
   * drawn again (TanStack Query re-renders only for the fields read here).
   */
  fetching: boolean;
  error: Error | null;
  goTo: (page: number) => void;
  loadMore: () => void;
}

const nothing = () => undefined;

/**
 * A server-paged list in either mode. Both queries exist so that switching modes keeps each
 * cache; only the active one is enabled.
 */
export function usePagedList<T>({
  queryKey,
  fetchPage,
  infinite,
  enabled = true,
}: PagedListOptions<T>): PagedList<T> {
  const filterKey = JSON.stringify(queryKey);
  const [paging, setPaging] = useState({ page: 1, filterKey });
  const page = paging.filterKey === filterKey ? paging.page : 1;

  const paged = useQuery({
    queryKey: [...queryKey, 'page', page],
    queryFn: () => fetchPage(page, pageSizeOf(false)),
    enabled: enabled && !infinite,
    placeholderData: keepPreviousData,
  });
  const scrolled = useInfiniteQuery({
    queryKey: [...queryKey, 'infinite'],
    queryFn: ({ pageParam }) => fetchPage(pageParam, pageSizeOf(true)),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: enabled && infinite,
  });

  if (infinite)
    return {
      rows: scrolled.data?.pages.flatMap((p) => p.rows) ?? [],
      page: 1,
      hasMore: scrolled.hasNextPage,
      fetching: scrolled.isLoading || scrolled.isFetchingNextPage,
      error: scrolled.error,
      goTo: nothing,
      loadMore: () => {
        if (scrolled.hasNextPage && !scrolled.isFetchingNextPage) void scrolled.fetchNextPage();
      },
    };
  return {
    rows: paged.data?.rows ?? [],
    page,
    hasMore: paged.data?.hasMore ?? false,
    fetching: paged.isLoading || paged.isPlaceholderData,
    error: paged.error,
    goTo: (p) => setPaging({ page: p, filterKey }),
    loadMore: nothing,
  };
}
