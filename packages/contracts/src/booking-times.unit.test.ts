import { describe, expect, it } from 'vitest';
import { TIME_ORDER_MSG, timeOrderErrors } from './booking-times';

const at = (hhmm: string) => `2026-07-01T${hhmm}:00+01:00`;
const collect = (ready?: string, deadline?: string) => ({
  dadd_addresstype: 0,
  dadd_ready: ready && at(ready),
  dadd_deadline: deadline && at(deadline),
});
const deliver = (ready?: string, deadline?: string) => ({ ...collect(ready, deadline), dadd_addresstype: 1 });

describe('timeOrderErrors', () => {
  it('names a deadline before its ready time, and a delivery due before the collection is ready', () => {
    expect(timeOrderErrors([collect('13:00', '11:00'), deliver('09:00', '10:00')])).toEqual({
      'addresses.0.dadd_deadline': TIME_ORDER_MSG.deadlineBeforeReady,
      'addresses.1.dadd_deadline': TIME_ORDER_MSG.deadlineBeforeCollection,
    });
  });
  it('refuses a deadline equal to the ready time', () => {
    expect(timeOrderErrors([collect('10:00', '10:00'), deliver()])).toEqual({
      'addresses.0.dadd_deadline': TIME_ORDER_MSG.deadlineBeforeReady,
    });
  });
  it('accepts times in order, and unset times', () => {
    expect(timeOrderErrors([collect('09:00', '11:00'), deliver('10:00', '12:00')])).toEqual({});
    expect(timeOrderErrors([collect(), deliver(undefined, '08:00')])).toEqual({});
    expect(timeOrderErrors([collect('13:00'), deliver()])).toEqual({});
  });
  it('compares a delivery with every collection before it, not after it', () => {
    const three = [collect('09:00'), collect('12:00'), deliver(undefined, '11:00')];
    expect(timeOrderErrors(three)).toEqual({
      'addresses.2.dadd_deadline': TIME_ORDER_MSG.deadlineBeforeCollection,
    });
    expect(timeOrderErrors([collect('09:00'), deliver(undefined, '11:00'), collect('12:00')])).toEqual({});
  });
  it('reads times with the given function', () => {
    const wall = (v: string) => Date.parse(v.replace(' ', 'T') + 'Z');
    const a = [
      { dadd_addresstype: 0, dadd_ready: '2026-07-01 13:00:00', dadd_deadline: '2026-07-01 11:00:00' },
    ];
    expect(timeOrderErrors(a, wall)).toEqual({
      'addresses.0.dadd_deadline': TIME_ORDER_MSG.deadlineBeforeReady,
    });
  });
});
