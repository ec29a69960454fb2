import { useMutation } from '@tanstack/react-query';
import { priceResponse, type DocketInput } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** POST /api/docket/price: `{ total, hold, netvat, distance }` in pounds and miles (spec "bookings…" §7). */
export const postDocketPrice = (body: DocketInput) => apiPost('/api/docket/price', body, priceResponse);

/** The booking screen's Quote action. */
export const useDocketPrice = () => useMutation({ mutationFn: postDocketPrice });
