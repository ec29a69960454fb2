import { describe, expect, it } from 'vitest';
import { intlUkParts, ukParts, type UkParts } from './uk-clock';

const byIntl = intlUkParts;
const text = (p: UkParts) => `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;

describe('ukParts', () => {
  it("agrees with the time-zone data through 1996–2045: every 7 hours, and every quarter hour (and the second before) of the changes' last weeks", () => {
    const wrong: string[] = [];
    const check = (ms: number) => {
      const date = new Date(ms);
      if (text(ukParts(date)) !== text(byIntl(date))) wrong.push(date.toISOString());
    };
    // 7 hours: every hour of the day, and every day of the week, comes round.
    for (let ms = Date.UTC(1996, 0, 1); ms < Date.UTC(2046, 0, 1); ms += 7 * 3_600_000 + 60_000) check(ms);
    for (let year = 1996; year < 2046; year++)
      for (const month of [2, 9])
        for (let ms = Date.UTC(year, month, 24, 23); ms < Date.UTC(year, month + 1, 1, 3); ms += 900_000) {
          check(ms - 1000);
          check(ms);
        }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('moves to summer time at 01:00 GMT on the last Sunday of March and back on the last Sunday of October', () => {
    expect(text(ukParts(new Date('2026-03-29T00:59:59Z')))).toBe('2026-03-29 00:59:59');
    expect(text(ukParts(new Date('2026-03-29T01:00:00Z')))).toBe('2026-03-29 02:00:00');
    expect(text(ukParts(new Date('2026-10-25T00:59:59Z')))).toBe('2026-10-25 01:59:59');
    expect(text(ukParts(new Date('2026-10-25T01:00:00Z')))).toBe('2026-10-25 01:00:00');
  });

  it('leaves years before the rule to the time-zone data (1995 ended summer time on 22 October)', () => {
    const date = new Date('1995-10-22T12:00:00Z');
    expect(text(ukParts(date))).toBe(text(byIntl(date)));
    expect(ukParts(date).hour).toBe('12');
  });
});
