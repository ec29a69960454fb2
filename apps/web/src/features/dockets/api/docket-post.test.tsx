import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { testQueryClient } from '../../../test/render';
import { submitOf, useDocketPost } from './docket-post';

afterEach(() => vi.unstubAllGlobals());

const saved = { dck_id: 7, dck_docket: 100007, tracking_reference: 'TABC' };

describe('useDocketPost', () => {
  it('sends an Idempotency-Key and, when the answer is lost, sends the same key again', async () => {
    const keys: (string | null)[] = [];
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
        keys.push(new Headers(init?.headers).get('idempotency-key'));
        calls += 1;
        if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return Promise.resolve(new Response(JSON.stringify(saved), { status: 200 }));
      }),
    );
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useDocketPost(), { wrapper });
    const submit = submitOf({ dck_cust_id: 1, dck_tariff: 4, addresses: [], parcels: [] });
    result.current.mutate(submit);
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 5000 });
    expect(result.current.data).toEqual(saved);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // Each submit has its own key.
    expect(submitOf(submit.body).idempotencyKey).not.toBe(submit.idempotencyKey);
  });
});
