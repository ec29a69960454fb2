import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { RegisterRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** The answer of user/register: 'Registered Successfully' and 'Please login to view your booking history'. */
export const registerResponse = z.object({ message: z.string(), detail: z.string() });

/**
 * POST /api/user/register (spec "access…" §7 user/register): a new user linked to the booking's
 * account, proved by the booking's tracking reference.
 */
export const postRegister = (body: RegisterRequest) => apiPost('/api/user/register', body, registerResponse);

/** The Register screen's Submit. */
export const useRegister = () => useMutation({ mutationFn: postRegister });
