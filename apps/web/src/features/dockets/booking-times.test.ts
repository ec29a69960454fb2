import { describe, expect, it } from 'vitest';
import { parseUkDateTime } from './booking-times';

describe('parseUkDateTime', () => {
  it('reads a complete DD/MM/YYYY HH:mm as the picker value', () => {
    expect(parseUkDateTime('25/11/2026 14:30')).toBe('2026-11-25 14:30:00');
    expect(parseUkDateTime(' 01/03/2026 00:05 ')).toBe('2026-03-01 00:05:00');
  });
  it.each([
    '25/11/2026 1',
    '25/11/2026 14:',
    '25/11/2026',
    '31/02/2026 10:00',
    '25/11/2026 24:00',
    '2026-11-25 14:30',
  ])('leaves %s unread', (text) => expect(parseUkDateTime(text)).toBeNull());
});
