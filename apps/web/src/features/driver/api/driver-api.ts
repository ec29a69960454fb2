import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  driverJob,
  driverLoginResponse,
  driverSession,
  exceptionRow,
  type DriverLoginRequest,
} from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * The driver page's calls (POST /api/driver/…, issue 10 §2). All quiet: a 401 here means "no
 * driver session" and shows the driver's sign-in, never the users' login redirect.
 */
const quiet = { quiet: true } as const;

export const DRIVER_KEY = ['driver'] as const;
export const DRIVER_JOBS_KEY = [...DRIVER_KEY, 'jobs'] as const;

/** POST /api/driver/auth/session: the signed-in driver, or null without a driver session. */
export const fetchDriverSession = () =>
  apiPost('/api/driver/auth/session', {}, driverSession.nullable(), quiet);

export const driverSessionQuery = queryOptions({
  queryKey: [...DRIVER_KEY, 'session'],
  queryFn: fetchDriverSession,
  staleTime: Infinity,
  retry: false,
});

/** POST /api/driver/auth/login: signs in with driver code and PIN (the cookie holds the session). */
export const driverLogin = (body: DriverLoginRequest) =>
  apiPost('/api/driver/auth/login', body, driverLoginResponse, quiet);

/** POST /api/driver/auth/logout. */
export const driverLogout = () => apiPost('/api/driver/auth/logout', {}, undefined, quiet);

/** POST /api/driver/job/list: the driver's open jobs, soonest due first. */
export const driverJobsQuery = queryOptions({
  queryKey: DRIVER_JOBS_KEY,
  queryFn: () => apiPost('/api/driver/job/list', {}, z.array(driverJob), quiet),
  // Fresh enough for a phone; the page refetches after every report it sends.
  staleTime: 30_000,
  refetchInterval: 60_000,
});

/** POST /api/driver/exception/list: the reasons an exception asks for. */
export const driverExceptionsQuery = queryOptions({
  queryKey: [...DRIVER_KEY, 'exceptions'],
  queryFn: () => apiPost('/api/driver/exception/list', {}, z.array(exceptionRow), quiet),
  staleTime: 10 * 60_000,
});

/** Sends one queued report with its Idempotency-Key; resolves with the answer or throws ApiError / TypeError. */
export const sendReport = (url: string, body: unknown, key: string) =>
  apiPost<unknown>(url, body, undefined, { quiet: true, headers: { 'idempotency-key': key } });
