import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { testQueryClient } from '../../../test/render';
import { useDocketReport, usePendingReports } from './report-docket';

vi.mock('../../../lib/download', () => ({ saveFile: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

describe('useDocketReport with usePendingReports', () => {
  it("shows each row's report as on its way until it is in, two at once included", async () => {
    const answers: ((res: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))),
    );
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ report: useDocketReport(), pending: usePendingReports() }), {
      wrapper,
    });
    act(() => result.current.report.mutate({ dck_id: 1, dck_docket: 100001 }));
    act(() => result.current.report.mutate({ dck_id: 2, dck_docket: 100002 }));
    await waitFor(() => expect([...result.current.pending].sort()).toEqual([1, 2]));
    const pdf = () =>
      new Response(new Blob(['%PDF-1.4']), { status: 200, headers: { 'content-type': 'application/pdf' } });
    act(() => answers[0]!(pdf()));
    await waitFor(() => expect(result.current.pending).toEqual([2]));
    act(() => answers[1]!(pdf()));
    await waitFor(() => expect(result.current.pending).toEqual([]));
  });
});
