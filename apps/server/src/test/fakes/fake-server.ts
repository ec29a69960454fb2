import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the providers' local fakes share: an HTTP server on 127.0.0.1 (a free port by default),
 * answers held back to stand for a provider that does not answer (`hold`), and a close that ends
 * those too. `url` is the base once started.
 */
export abstract class FakeServer {
  url = '';
  private readonly server: Server;
  private readonly held: ServerResponse[] = [];

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;

  /** Never answers `res` (until close): the caller's timeout decides. */
  protected hold(res: ServerResponse): void {
    this.held.push(res);
  }

  async start(port = 0): Promise<string> {
    await new Promise<void>((ok) => this.server.listen(port, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async close(): Promise<void> {
    for (const r of this.held) r.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((ok) => this.server.close(() => ok()));
  }
}
