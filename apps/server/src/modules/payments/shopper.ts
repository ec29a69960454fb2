import type { FastifyRequest } from 'fastify';
import type { Shopper } from './payment-provider';

/**
 * The payer's browser as a request shows it (Worldpay's 3-D Secure shopper fields): the address
 * (behind a trusted proxy, the client's), the User-Agent and the Accept header, each cut to what
 * an order field holds.
 */
export function shopperOf(req: FastifyRequest): Shopper {
  return {
    ip: req.ip,
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 500),
    accept: (req.headers.accept ?? '').slice(0, 500),
  };
}
