import { useMutation } from '@tanstack/react-query';
import type { DocketInput } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';

/** Its answer's schema, loaded with the first answer (zod is not part of the screen's first load). */
const PRICE = lazySchema(() => import('@courier/contracts/dockets').then((m) => m.priceResponse));

/** POST /api/docket/price: `{ total, hold, netvat, distance }` in pounds and miles (spec "bookings…" §7). */
export const postDocketPrice = (body: DocketInput) => apiPost('/api/docket/price', body, PRICE);

/** The booking screen's Quote action. */
export const useDocketPrice = () => useMutation({ mutationFn: postDocketPrice });
