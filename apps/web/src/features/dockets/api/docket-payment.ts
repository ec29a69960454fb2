import type { DocketPaymentRequest } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { POSTED } from './docket-post';

/**
 * POST /api/docket/payment {reference}: asks the server what the provider said of a booking
 * screen payment and books it once; answers the booking as docket/post does. 409 while the
 * provider has no answer yet; 422 'Payment Unsuccessful' with the settings' message and the
 * provider's own in `fields.reference`; 404 for a payment that is not the caller's.
 */
export const postDocketPayment = (body: DocketPaymentRequest) => apiPost('/api/docket/payment', body, POSTED);
