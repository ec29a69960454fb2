import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultHistoryDates, loadHistoryDates, saveHistoryDates } from './history-filter';

const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

afterEach(() => vi.useRealTimers());

describe('defaultHistoryDates', () => {
  it('runs from two days ago through today, DD/MM/YYYY', () => {
    at('2026-03-10T12:00:00Z');
    expect(defaultHistoryDates()).toEqual({ dateStart: '08/03/2026', dateEnd: '10/03/2026' });
  });

  it('crosses months and years', () => {
    at('2026-01-01T10:00:00Z');
    expect(defaultHistoryDates()).toEqual({ dateStart: '30/12/2025', dateEnd: '01/01/2026' });
  });

  it("counts days in UK time: half past midnight in summer is already tomorrow's today", () => {
    at('2026-07-01T23:30:00Z');
    expect(defaultHistoryDates()).toEqual({ dateStart: '30/06/2026', dateEnd: '02/07/2026' });
  });
});

describe('saved dates', () => {
  it('start empty, so the history opens the filter first', () => {
    expect(loadHistoryDates()).toBeNull();
  });

  it('are remembered for the tab', () => {
    saveHistoryDates({ dateStart: '01/02/2026', dateEnd: '05/02/2026' });
    expect(loadHistoryDates()).toEqual({ dateStart: '01/02/2026', dateEnd: '05/02/2026' });
    expect(localStorage.length).toBe(0);
  });

  it('are forgotten when what is stored is not a date range', () => {
    sessionStorage.setItem('courier.historyDates', '{not json');
    expect(loadHistoryDates()).toBeNull();
    sessionStorage.setItem('courier.historyDates', JSON.stringify({ dateStart: '2026-02-01', dateEnd: 'x' }));
    expect(loadHistoryDates()).toBeNull();
    // DD/MM/YYYY only, both dates, and nothing else kept.
    for (const stored of [
      { dateStart: '2026-03-08', dateEnd: '10/03/2026' },
      { dateStart: '08/03/2026' },
      ['08/03/2026', '10/03/2026'],
      null,
      '08/03/2026',
    ]) {
      sessionStorage.setItem('courier.historyDates', JSON.stringify(stored));
      expect(loadHistoryDates()).toBeNull();
    }
    sessionStorage.setItem(
      'courier.historyDates',
      JSON.stringify({ dateStart: '08/03/2026', dateEnd: '10/03/2026', extra: 1 }),
    );
    expect(loadHistoryDates()).toEqual({ dateStart: '08/03/2026', dateEnd: '10/03/2026' });
  });
});
