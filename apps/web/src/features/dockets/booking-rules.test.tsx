import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { MSG } from '@courier/contracts';
import { mockApi, reply } from '../../test/api-mock';
import { testQueryClient } from '../../test/render';
import {
  DEFAULT_MANDATORY,
  DEFAULT_REFERENCE_MESSAGE,
  hoursError,
  mandatoryFor,
  NO_RULES,
  useBookingRules,
  type BookingRules,
} from './booking-rules';

/** Weekdays 09:00–17:30, Saturday mornings, closed on Sunday. */
const HOURS = {
  hoo_mon_start: '09:00',
  hoo_mon_end: '17:30',
  hoo_sat_start: '09:00',
  hoo_sat_end: '12:00',
  hoo_sun_start: '',
  hoo_sun_end: '',
};
const withHours: BookingRules = { ...NO_RULES, hoursActive: true, hours: HOURS };

// 2 March 2026 is a Monday, 1 March a Sunday.
const MONDAY = '2026-03-02';
const SUNDAY = '2026-03-01';

describe('mandatoryFor', () => {
  const rules: BookingRules = {
    ...NO_RULES,
    mandatory: { 'Booking.A': 'dadd_companyname,dadd_town,dadd_postalcode', 'Booking.X': 'dadd_name' },
  };

  it("answers the service type's mandatory setting", () => {
    expect(mandatoryFor(rules, 'A')).toBe('dadd_companyname,dadd_town,dadd_postalcode');
    expect(mandatoryFor(rules, 'X')).toBe('dadd_name');
  });

  it("falls back to the API's minimum, town and post code", () => {
    expect(DEFAULT_MANDATORY).toBe('dadd_town,dadd_postalcode');
    expect(mandatoryFor(rules, 'B')).toBe(DEFAULT_MANDATORY);
    expect(mandatoryFor(rules, null)).toBe(DEFAULT_MANDATORY);
    expect(mandatoryFor(NO_RULES, 'A')).toBe(DEFAULT_MANDATORY);
  });
});

describe('hoursError', () => {
  it('says nothing when hours of operation are off or no time is set', () => {
    expect(hoursError(NO_RULES, `${SUNDAY} 03:00:00`)).toBeUndefined();
    expect(hoursError(withHours, null)).toBeUndefined();
  });

  it('accepts a time strictly inside the day’s hours', () => {
    expect(hoursError(withHours, `${MONDAY} 09:01:00`)).toBeUndefined();
    expect(hoursError(withHours, `${MONDAY} 17:29:00`)).toBeUndefined();
  });

  it('refuses a time outside the hours, naming the day and its hours', () => {
    const message = `${MSG.hoursOfOperation} (Monday 09:00 - 17:30)`;
    expect(hoursError(withHours, `${MONDAY} 18:00:00`)).toBe(message);
    expect(hoursError(withHours, `${MONDAY} 07:45:00`)).toBe(message);
  });

  it('treats the start and end minutes themselves as outside', () => {
    expect(hoursError(withHours, `${MONDAY} 09:00:00`)).toBe(
      `${MSG.hoursOfOperation} (Monday 09:00 - 17:30)`,
    );
    expect(hoursError(withHours, `${MONDAY} 17:30:00`)).toBe(
      `${MSG.hoursOfOperation} (Monday 09:00 - 17:30)`,
    );
  });

  it('says closed for a day without hours', () => {
    expect(hoursError(withHours, `${SUNDAY} 12:00:00`)).toBe(`${MSG.hoursOfOperation} (Sunday closed)`);
    // Tuesday has no settings at all.
    expect(hoursError(withHours, '2026-03-03 12:00:00')).toBe(`${MSG.hoursOfOperation} (Tuesday closed)`);
  });
});

describe('useBookingRules', () => {
  const settings = {
    '/api/system/general/list': reply({ ExtraReferences: 'T', GlobalHOO: 'F', BookingHOO: 'T' }),
    '/api/system/mandatory/list': reply({ 'Booking.A': 'dadd_name,dadd_town,dadd_postalcode' }),
    '/api/system/message/list': reply({ 'Booking.ReferenceRequired': 'Please fill in {label}' }),
    '/api/system/hoo/list': reply(HOURS),
    '/api/system/config/list': reply({ cfg_disallow_pobox: 'T' }),
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>
  );

  it("reads the account's settings groups into the rules", async () => {
    const api = mockApi(settings);
    const { result } = renderHook(() => useBookingRules(12), { wrapper });
    expect(result.current).toBe(NO_RULES);
    await waitFor(() => expect(result.current).not.toBe(NO_RULES));
    expect(result.current).toEqual({
      mandatory: { 'Booking.A': 'dadd_name,dadd_town,dadd_postalcode' },
      extraReferences: true,
      hoursActive: true,
      hours: HOURS,
      disallowPoBox: true,
      referenceMessage: 'Please fill in {label}',
    });
    expect(api.bodiesOf('/api/system/hoo/list')).toEqual([{ type: 'settings', cust_id: 12 }]);
  });

  it('keeps the default reference message and the flags off when the settings say nothing', async () => {
    mockApi({
      ...settings,
      '/api/system/general/list': reply({}),
      '/api/system/message/list': reply({}),
      '/api/system/config/list': reply({}),
    });
    const { result } = renderHook(() => useBookingRules(12), { wrapper });
    await waitFor(() => expect(result.current).not.toBe(NO_RULES));
    expect(result.current).toMatchObject({
      extraReferences: false,
      hoursActive: false,
      disallowPoBox: false,
      referenceMessage: DEFAULT_REFERENCE_MESSAGE,
    });
  });
});
