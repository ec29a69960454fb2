/**
 * zod without its JIT in the browser: before its first object parse, zod probes whether it may
 * compile code (`new Function`), which the portal's Content-Security-Policy (no 'unsafe-eval')
 * refuses and Chrome reports as a policy violation on every page (Lighthouse best practices:
 * "Issues were logged"). zod reads its settings from this global (what `z.config({ jitless: true })`
 * writes); it is set here, first, because zod itself loads later, with a screen's first answer
 * (lib/lazy-schema.ts). The answers the browser checks are small: the JIT buys nothing there.
 */
const zodHost = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHost.__zod_globalConfig = { ...zodHost.__zod_globalConfig, jitless: true };

export {};
