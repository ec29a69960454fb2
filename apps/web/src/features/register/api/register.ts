import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { registerCheckResponse, type RegisterRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** The answer of user/register: 'Registered Successfully' and 'Please login to view your booking history'. */
export const registerResponse = z.object({ message: z.string(), detail: z.string() });

/**
 * POST /api/user/register (spec "access…" §7 user/register): a new user who sees their own
 * bookings, proved by the single-use token of the booking confirmation mail. A refused link
 * answers 422 with one message, whatever was wrong with it.
 */
export const postRegister = (body: RegisterRequest) => apiPost('/api/user/register', body, registerResponse);

/** The Register screen's Submit. */
export const useRegister = () => useMutation({ mutationFn: postRegister });

/** POST /api/user/register/check: whether the link can still be used ({ valid }). */
export const registerCheckQuery = (database: string, dck_id: number, token: string) =>
  queryOptions({
    queryKey: ['register-check', database, dck_id, token],
    queryFn: () =>
      apiPost('/api/user/register/check', { database, dck_id, token }, registerCheckResponse, {
        quiet: true,
      }),
    staleTime: Infinity,
    retry: false,
  });
