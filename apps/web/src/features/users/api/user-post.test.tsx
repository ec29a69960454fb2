import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { mockApi, reply } from '../../../test/api-mock';
import { testQueryClient } from '../../../test/render';
import { USERS_KEY } from './user-keys';
import { useUserDelete } from './user-post';

afterEach(() => vi.unstubAllGlobals());

describe('useUserDelete', () => {
  it("drops the deleted user's own queries instead of reading them again, and marks the list stale", async () => {
    mockApi({ '/api/user/delete': reply({ message: 'User deleted' }) });
    const queryClient = testQueryClient();
    const one = [...USERS_KEY, 'one', 8];
    const links = [...USERS_KEY, 'accounts', 8, false];
    const other = [...USERS_KEY, 'one', 9];
    const list = [...USERS_KEY, 'list', { page: 1 }];
    for (const key of [one, links, other, list]) queryClient.setQueryData(key, {});
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useUserDelete(), { wrapper });
    await act(() => result.current.mutateAsync(8));
    await waitFor(() => expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(one)).toBeUndefined();
    expect(queryClient.getQueryState(links)).toBeUndefined();
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(true);
  });
});
