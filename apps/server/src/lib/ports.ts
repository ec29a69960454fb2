import { createServer } from 'node:net';

/** A port the OS says is free on 127.0.0.1 right now (for an embedded server, a test or a bench). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? ok(a.port) : fail(new Error('no free port'))));
    });
  });
}
