import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG, type ErrorBody } from '@courier/contracts';
import { AppError } from '../lib/app-error';
import { errorSummary } from '../lib/error-summary';

/** '/addresses/0/dadd_postalcode' → 'addresses.0.dadd_postalcode'; empty → 'body'. */
const fieldName = (path: string, context?: string) =>
  path.replace(/^\//, '').replace(/\//g, '.') || context || 'body';

/**
 * The one error handler (ARCHITECTURE rule 3): AppError → its status; schema errors → 400 naming
 * each field; malformed JSON → 400; anything else → 500 with no detail.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const body: ErrorBody = { error: err.code, message: err.message };
      if (err.fields) body.fields = err.fields;
      return reply.status(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = fieldName(v.instancePath, err.validationContext);
        fields[key] ??= v.message ?? 'Invalid value';
      }
      const [firstKey, firstMsg] = Object.entries(fields)[0] ?? ['body', 'Invalid request'];
      const message =
        /^[A-Z]/.test(firstMsg) && !firstMsg.startsWith('Invalid input')
          ? firstMsg
          : `${firstKey}: ${firstMsg}`;
      return reply.status(400).send({ error: 'VALIDATION', message, fields } satisfies ErrorBody);
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: 'RATE_LIMITED', message: MSG.tooManyAttempts } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'body: Malformed JSON'
          : err.message;
      return reply.status(status).send({
        error: status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST',
        message,
      } satisfies ErrorBody);
    }
    request.log.error({ err: errorSummary(err) }, 'unhandled error');
    return reply.status(500).send({ error: 'INTERNAL', message: MSG.unexpected } satisfies ErrorBody);
  });
}
