import { describe, expect, it, vi } from 'vitest';
import { formatControlDate, formatDateTime, formatLogTime, formatMiles, formatMoney } from './format';

describe('formatMoney', () => {
  it('shows pounds with the symbol and two decimals', () => {
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(236.7)).toBe('£236.70');
    expect(formatMoney(5)).toBe('£5.00');
    expect(formatMoney(0.005)).toBe('£0.01');
  });

  it('groups thousands the UK way', () => {
    expect(formatMoney(1234.5)).toBe('£1,234.50');
    expect(formatMoney(1_000_000)).toBe('£1,000,000.00');
  });

  it('writes what Intl.NumberFormat writes for pence amounts, negative ones too, without making one', () => {
    const intl = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      for (let pence = -250_000; pence <= 12_500_000; pence += 997)
        expect(formatMoney(pence / 100, '$')).toBe(`$${intl.format(pence / 100)}`);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('shows what is not an amount as Intl does, not as text with undefined pence', () => {
    expect(formatMoney(NaN)).toBe('£NaN');
    expect(formatMoney(Infinity)).toBe('£∞');
  });

  it('shows an amount that rounds to nothing as £0.00, without a minus', () => {
    expect(formatMoney(-0.001)).toBe('£0.00');
    expect(formatMoney(-5)).toBe('£-5.00');
  });
});

describe('formatDateTime', () => {
  it('makes no Intl formatter (uk-clock.ts)', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(formatDateTime('2026-07-01T09:05:00Z')).toBe('01/07/2026 10:05');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('shows DD/MM/YYYY HH:mm in UK winter time (GMT)', () => {
    expect(formatDateTime('2026-01-15T09:05:00Z')).toBe('15/01/2026 09:05');
  });

  it('shows DD/MM/YYYY HH:mm in UK summer time (BST), whatever the offset it came with', () => {
    expect(formatDateTime('2026-07-01T09:05:00Z')).toBe('01/07/2026 10:05');
    expect(formatDateTime('2026-07-01T23:30:00Z')).toBe('02/07/2026 00:30');
    expect(formatDateTime('2026-07-01T12:00:00+02:00')).toBe('01/07/2026 11:00');
  });
});

describe('formatControlDate and formatLogTime', () => {
  it('show the control room and log times in UK time, midnight as 00', () => {
    expect(formatControlDate('2026-07-01T23:30:00Z')).toBe('02/07 00:30');
    expect(formatControlDate('2026-01-15T09:05:00Z')).toBe('15/01 09:05');
    expect(formatLogTime('2026-07-01T23:00:07Z')).toBe('00:00:07');
    expect(formatLogTime('2026-01-15T09:05:59Z', true)).toBe('15/01/2026 09:05:59');
  });

  it('shows what dayjs showed for a text that is not a date, rather than throwing', () => {
    expect(formatDateTime('not a date')).toBe('Invalid Date');
    expect(formatControlDate('')).toBe('Invalid Date');
  });
});

describe('formatMiles', () => {
  it('shows one decimal', () => {
    expect(formatMiles(195.34)).toBe('195.3 miles');
    expect(formatMiles(2)).toBe('2.0 miles');
  });
});
