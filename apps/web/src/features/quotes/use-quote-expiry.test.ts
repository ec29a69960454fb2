import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { PAGE, type WizardPage } from './quote-wizard';
import { QUOTE_NOW, quoteViewAt } from '../../test/quote-view';
import { useQuoteExpiry } from './use-quote-expiry';

const NOW = QUOTE_NOW;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useQuoteExpiry', () => {
  it('fires once when the 15 minutes run out on a page before 7', () => {
    const onExpired = vi.fn();
    renderHook(() => useQuoteExpiry(quoteViewAt(), PAGE.contact, onExpired));
    vi.advanceTimersByTime(15 * 60_000 - 1_000);
    expect(onExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('fires at once for a quote that has already run out (a reload)', () => {
    const onExpired = vi.fn();
    vi.setSystemTime(NOW + 16 * 60_000);
    renderHook(() => useQuoteExpiry(quoteViewAt(), PAGE.tariffs, onExpired));
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('stays quiet from page 7 on, and for a booked quote', () => {
    const onExpired = vi.fn();
    const { rerender } = renderHook(
      ({ page, docket }: { page: WizardPage; docket: number | null }) =>
        useQuoteExpiry(quoteViewAt({ dck_docket: docket }), page, onExpired),
      { initialProps: { page: PAGE.hosted as WizardPage, docket: null as number | null } },
    );
    vi.advanceTimersByTime(20 * 60_000);
    rerender({ page: PAGE.confirmation, docket: 100201 });
    vi.advanceTimersByTime(1_000);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('arms again for the new quote that replaces an expired one', () => {
    const onExpired = vi.fn();
    const first = quoteViewAt();
    const { rerender } = renderHook(({ view }) => useQuoteExpiry(view, PAGE.tariffs, onExpired), {
      initialProps: { view: first },
    });
    vi.advanceTimersByTime(15 * 60_000 + 100);
    expect(onExpired).toHaveBeenCalledTimes(1);
    const fresh = quoteViewAt({
      guid: 'h'.repeat(43),
      expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    });
    rerender({ view: fresh });
    vi.advanceTimersByTime(15 * 60_000 + 100);
    expect(onExpired).toHaveBeenCalledTimes(2);
  });
});
