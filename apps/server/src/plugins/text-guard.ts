import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARS_MESSAGE } from '@courier/contracts';
import { validationError } from '../lib/app-error';

/** The message of a string holding half of a UTF-16 surrogate pair (`"\ud800"` in JSON). */
export const NOT_UNICODE_MESSAGE = 'Text must be valid Unicode';

/** The message of a body nested deeper than MAX_NESTING. */
export const TOO_DEEP_MESSAGE = 'The request is nested too deeply';

/**
 * How deep a body or query may nest (arrays and objects). The deepest call (a docket with its
 * addresses and their barcodes) is 4; 100,000 levels ran the walk out of stack (a 500).
 */
export const MAX_NESTING = 32;

/** A lone surrogate: with the `u` flag a well-formed pair is one code point, never `\p{Cs}`. */
const LONE_SURROGATE = /\p{Cs}/u;

/** What is wrong with a string that no column can hold (a NUL, a lone surrogate), or null. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return CONTROL_CHARS_MESSAGE;
  return LONE_SURROGATE.test(text) ? NOT_UNICODE_MESSAGE : null;
}

/**
 * The first string of a parsed body or query (keys included) that PostgreSQL cannot store, as
 * `[path, message]` with the path as the validation errors write it ('parcels.0.dpcl_description');
 * or the first value nested deeper than MAX_NESTING.
 */
export function unstorableText(value: unknown, path = '', depth = 0): [string, string] | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? [path, problem] : null;
  }
  if (value && typeof value === 'object' && depth >= MAX_NESTING) return [path, TOO_DEEP_MESSAGE];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableText(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      const keyProblem = textProblem(key);
      if (keyProblem) return [at, keyProblem];
      const found = unstorableText(item, at, depth + 1);
      if (found) return found;
    }
  return null;
}

/**
 * Every request's body and query, before its route's own schema (ARCHITECTURE rule 3, validate at
 * the edge): a NUL character or a lone UTF-16 surrogate anywhere, in a value or a key, is a 400
 * naming the field. Neither can be stored (PostgreSQL refuses both in text and JSON), so a field
 * a schema reads as free text (a settings value) would otherwise reach the database and fail there
 * with a 500. A body nested deeper than MAX_NESTING is a 400 too.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found = unstorableText(request.body) ?? unstorableText(request.query);
    if (found) throw validationError({ [found[0] || 'body']: found[1] });
  });
}
