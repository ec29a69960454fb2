/** What the logs may say about an error: its type, code and message, never query parameters. */
export interface ErrorSummary {
  type: string;
  message: string;
  code?: string;
  /** The SQL text of a failed query, without its parameters. */
  query?: string;
  stack?: string;
}

/** The first call frames of a stack, without the message lines above them (which may hold parameters). */
const framesOf = (stack: string) =>
  stack
    .split('\n')
    .filter((l) => l.startsWith('    at '))
    .slice(0, 8)
    .join('\n');

/**
 * A loggable summary of an error (ARCHITECTURE rule 12: errors logged without query parameters or
 * secrets). Drizzle's failed-query error carries the statement's parameters (a password hash, a
 * token hash, a customer's text) in its message and `params`: only the SQL text is kept, and the
 * driver's SQLSTATE is taken from its cause.
 */
export function errorSummary(err: unknown): ErrorSummary {
  if (!(err instanceof Error)) return { type: typeof err, message: 'non-error thrown' };
  const e = err as Error & { query?: unknown; params?: unknown; cause?: unknown; code?: unknown };
  const cause = e.cause instanceof Error ? (e.cause as Error & { code?: unknown }) : undefined;
  const isQuery = typeof e.query === 'string' && 'params' in e;
  const code = typeof e.code === 'string' ? e.code : typeof cause?.code === 'string' ? cause.code : undefined;
  return {
    type: e.name,
    // A driver's message can quote a parameter ('invalid input syntax for type integer: "…"'):
    // for a failed query only the SQLSTATE is kept.
    message: isQuery ? `Failed query (SQLSTATE ${code ?? 'unknown'})` : e.message.split('\nparams:')[0]!,
    ...(code ? { code } : {}),
    ...(isQuery ? { query: e.query as string } : {}),
    ...(e.stack ? { stack: framesOf(e.stack) } : {}),
  };
}
