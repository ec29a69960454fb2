import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { testQueryClient } from '../../../test/render';
import { useTrackEvents } from './use-track-events';

/** A stand-in EventSource (jsdom has none): records its URL and lets the test fire events. */
class FakeSource extends EventTarget {
  static opened: FakeSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  fire(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

afterEach(() => {
  FakeSource.opened = [];
  vi.unstubAllGlobals();
});

function setup(shown: boolean) {
  vi.stubGlobal('EventSource', FakeSource);
  const client = testQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useTrackEvents('Demo Couriers', 'TBABC123', shown), { wrapper });
  return { invalidate, hook };
}

describe('useTrackEvents', () => {
  it('listens to the tracked docket while it is shown and rereads the summary on each change', () => {
    const { invalidate, hook } = setup(true);
    const [source] = FakeSource.opened;
    expect(source!.url).toBe('/api/docket/track/events?database=Demo+Couriers&tracking_ref=TBABC123');
    source!.fire('ready');
    expect(invalidate).not.toHaveBeenCalled();
    source!.fire('docket');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['docket-track', 'Demo Couriers', 'TBABC123'] });
    source!.fire('ready'); // a reconnect: events may have been missed
    expect(invalidate).toHaveBeenCalledTimes(2);
    hook.unmount();
    expect(source!.closed).toBe(true);
  });

  it('opens nothing while no docket is shown', () => {
    setup(false);
    expect(FakeSource.opened).toEqual([]);
  });
});
