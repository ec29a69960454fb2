import { queryOptions } from '@tanstack/react-query';
import { otpSettings } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** POST /api/system/otp {database}: the code lifetime in minutes (spec "access…" §7, §9). */
export const fetchOtpSettings = (database: string) =>
  apiPost('/api/system/otp', { database }, otpSettings, { quiet: true });

/** The OTP lifetime of a database; the MFA screen falls back to the spec's 10 minutes. */
export const otpSettingsQuery = (database: string) =>
  queryOptions({
    queryKey: ['system-otp', database],
    queryFn: () => fetchOtpSettings(database),
    staleTime: 5 * 60_000,
  });
