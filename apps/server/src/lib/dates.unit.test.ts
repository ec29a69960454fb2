import { describe, expect, it } from 'vitest';
import { formatUk, isoOfPgTimestamptz, ukDayAndTime, ukDayStart, ukNextDayStart } from './dates';

describe('UK dates', () => {
  it('formats in UK time on both sides of the clock changes', () => {
    expect(formatUk(new Date('2026-01-15T09:05:00Z'))).toBe('15/01/2026 09:05');
    expect(formatUk(new Date('2026-07-15T09:05:00Z'))).toBe('15/07/2026 10:05');
    expect(formatUk(new Date('2026-07-15T23:30:00Z'), 'DD/MM/YYYY')).toBe('16/07/2026');
    // 29/03/2026 01:00 UTC the clocks go forward; 25/10/2026 01:00 UTC they go back.
    expect(formatUk(new Date('2026-03-29T00:59:00Z'))).toBe('29/03/2026 00:59');
    expect(formatUk(new Date('2026-03-29T01:00:00Z'))).toBe('29/03/2026 02:00');
    expect(formatUk(new Date('2026-10-25T00:30:00Z'))).toBe('25/10/2026 01:30');
    expect(formatUk(new Date('2026-10-25T01:30:00Z'))).toBe('25/10/2026 01:30');
  });

  it('finds the start of a UK day and of the next one, summer and winter', () => {
    expect(ukDayStart('15/01/2026')?.toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(ukDayStart('15/07/2026')?.toISOString()).toBe('2026-07-14T23:00:00.000Z');
    expect(ukDayStart('29/03/2026')?.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(ukNextDayStart('29/03/2026')?.toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(ukNextDayStart('25/10/2026')?.toISOString()).toBe('2026-10-26T00:00:00.000Z');
    expect(ukNextDayStart('31/12/2026')?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    // The day after the last day of year 9999 has no four-digit ISO year: its last instant instead.
    expect(ukNextDayStart('31/12/9999')?.toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('answers each day alike when asked again (offsets kept per day), summer and winter', () => {
    for (let i = 0; i < 2; i++) {
      expect(ukDayStart('15/07/2027')?.toISOString()).toBe('2027-07-14T23:00:00.000Z');
      expect(ukDayStart('15/01/2027')?.toISOString()).toBe('2027-01-15T00:00:00.000Z');
      expect(ukNextDayStart('14/07/2027')?.toISOString()).toBe('2027-07-14T23:00:00.000Z');
      expect(ukNextDayStart('27/03/2027')?.toISOString()).toBe('2027-03-28T00:00:00.000Z');
      expect(ukNextDayStart('28/03/2027')?.toISOString()).toBe('2027-03-28T23:00:00.000Z');
    }
  });

  it('refuses what is not a real DD/MM/YYYY date', () => {
    for (const bad of ['31/02/2026', '29/02/2027', '1/1/2026', '2026-01-01', '00/01/2026', '15/13/2026', ''])
      expect(ukDayStart(bad), bad).toBeNull();
    expect(ukDayStart('29/02/2028')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('names the UK weekday and time', () => {
    // Saturday 23:30 UTC in summer is Sunday 00:30 in the UK.
    expect(ukDayAndTime(new Date('2026-07-18T23:30:00Z'))).toEqual({
      key: 'sun',
      name: 'Sunday',
      time: '00:30',
    });
    expect(ukDayAndTime(new Date('2026-11-23T13:00:00Z'))).toEqual({
      key: 'mon',
      name: 'Monday',
      time: '13:00',
    });
  });
});

describe('isoOfPgTimestamptz', () => {
  const asDate = (text: string) => new Date(text).toISOString();

  it('rewrites a UTC session timestamp as a Date would write it, 0 to 6 digits of fraction', () => {
    for (const text of [
      '2026-11-28 17:17:36+00',
      '2026-11-28 17:17:36.9+00',
      '2026-11-28 17:17:36.99+00',
      '2026-11-28 17:17:36.994+00',
      '2026-11-28 17:17:36.9949+00',
      '2026-11-28 17:17:36.99499+00',
      '2026-11-28 17:17:36.999999+00',
      '2026-03-29 00:59:59.000001+00',
    ])
      expect(isoOfPgTimestamptz(text), text).toBe(asDate(text));
    expect(isoOfPgTimestamptz('2026-11-28 17:17:36.9+00')).toBe('2026-11-28T17:17:36.900Z');
    expect(isoOfPgTimestamptz('2026-11-28 17:17:36.999999+00')).toBe('2026-11-28T17:17:36.999Z');
    // Date's own reading of this text is wrong (year 2001).
    expect(isoOfPgTimestamptz('0001-01-01 00:00:00+00')).toBe('0001-01-01T00:00:00.000Z');
  });

  it("takes any other zone's offset off, to the second, as Date would", () => {
    for (const text of [
      '2026-07-15 10:05:00.5+01',
      '2026-07-15 14:35:00+05:30',
      '2026-07-15 06:05:00-03',
      '2026-07-15 22:50:00.123456+13:45',
    ])
      expect(isoOfPgTimestamptz(text), text).toBe(asDate(text));
    expect(isoOfPgTimestamptz('2026-07-15 14:35:00+05:30')).toBe('2026-07-15T09:05:00.000Z');
    // Which Date cannot read: a local mean time's offset in seconds, a five-digit year.
    expect(isoOfPgTimestamptz('1890-03-10 00:00:00-00:01:15')).toBe('1890-03-10T00:01:15.000Z');
    expect(isoOfPgTimestamptz('10000-01-01 00:00:00+01')).toBe('9999-12-31T23:00:00.000Z');
    // Date reads this year as 2049; the same instant in a UTC session reads as 0049.
    expect(isoOfPgTimestamptz('0049-06-01 00:00:00.5-12')).toBe('0049-06-01T12:00:00.500Z');
    expect(isoOfPgTimestamptz('0049-06-01 12:00:00.5+00')).toBe('0049-06-01T12:00:00.500Z');
  });

  it('refuses what is not such a time, as Date did', () => {
    for (const text of [
      'not a date',
      'infinity',
      '-infinity',
      '0044-03-15 12:00:00+00 BC',
      '2026-07-15T09:05:00Z',
    ])
      expect(() => isoOfPgTimestamptz(text), text).toThrow(RangeError);
  });
});
