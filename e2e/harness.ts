import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../apps/server/src/lib/ports';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import { watchBrowser } from './watched-browsers';
import { SERVER_NODE_ARGS } from '../apps/server/src/config/node-args';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '..');
const WEB_DIST = resolve(ROOT, 'apps/web/dist');
const SCREENSHOTS = resolve(ROOT, 'e2e/screenshots');
/** The server as `npm start` runs it: the bundle `npm run build` makes. */
const SERVER_ENTRY = 'apps/server/dist/server.js';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const READY_TIMEOUT_MS = 150_000;

/** A running server on a fresh data directory, and a headless Chromium pointed at it. */
export interface Harness {
  baseUrl: string;
  browser: Browser;
  /** A fresh browser context (own cookies and storage) at a desktop size. */
  /** A browser context at `viewport` (1366 × 900); `phone`: a touch screen with a mobile viewport. */
  newContext(viewport?: { width: number; height: number }, phone?: boolean): Promise<BrowserContext>;
  /**
   * Full-page screenshot to e2e/screenshots/<name>.png, after axe has found no violation on what
   * the page shows (expectNoAxeViolations): every screen and modal the tests shoot is checked.
   */
  screenshot(page: Page, name: string): Promise<string>;
  stop(): Promise<void>;
}

/** Options of startHarness. */
export interface HarnessOptions {
  /** Extra server environment (e.g. SMTP_URL), applied over the harness defaults. */
  env?: Record<string, string>;
  /** Extra Chromium switches (e.g. a fake camera), added to the harness's own. */
  browserArgs?: string[];
}

/** Polls GET /readyz until 200; fails early with the server's output if it exits. */
async function waitReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Server not ready after ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

/**
 * The server prints `starting on Node vX.Y.Z` first thing; it must be the Node the tests run on (the
 * project's own, from the `node` package), not whatever `node` the machine has.
 */
function assertSameNode(output: string): void {
  const serverNode = /starting on Node (v\S+)/.exec(output)?.[1];
  if (serverNode !== process.version)
    throw new Error(`Server runs on Node ${serverNode ?? '?'}, the tests on ${process.version}:\n${output}`);
}

/** Ends the child: SIGTERM (graceful close), SIGKILL after 10 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the server (seeding the demo tenants into a temp DATA_DIR) with the built web app, and
 * Chromium. The web app must be built first (`npm run build`), as CI does.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  if (!existsSync(join(WEB_DIST, 'index.html')))
    throw new Error(`No built web app at ${WEB_DIST}: run \`npm run build\` before the e2e tests.`);
  if (!existsSync(join(ROOT, SERVER_ENTRY)))
    throw new Error(`No built server at ${SERVER_ENTRY}: run \`npm run build\` before the e2e tests.`);
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium`);

  const dataDir = mkdtempSync(join(tmpdir(), 'courier-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      PUBLIC_URL: baseUrl,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let browser: Browser | undefined;
  let unwatch: () => void = () => undefined;
  const stop = async () => {
    unwatch();
    await browser?.close().catch(() => undefined);
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitReady(baseUrl, child, () => log);
    assertSameNode(log);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ...(options.browserArgs ?? []),
      ],
    });
  } catch (err) {
    await stop();
    throw err;
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  const open = browser;
  unwatch = watchBrowser(open);

  return {
    baseUrl,
    browser: open,
    newContext: async (viewport = { width: 1366, height: 900 }, phone = false) => {
      const context = await open.newContext({
        baseURL: baseUrl,
        viewport,
        isMobile: phone,
        hasTouch: phone,
        locale: 'en-GB',
        timezoneId: 'Europe/London',
      });
      context.setDefaultTimeout(20_000);
      return context;
    },
    screenshot: async (page, name) => {
      await expectNoAxeViolations(page, name);
      const path = join(SCREENSHOTS, `${name}.png`);
      // A full-page capture waits for a fresh frame; on a busy two-core runner that wait once
      // outlasted the page's 20 s default, so the capture gets its own allowance and one more try.
      // The picture is for people to look at: the test's verdict is the axe check above.
      const capture = () =>
        page.screenshot({ path, fullPage: true, animations: 'disabled', timeout: 45_000 });
      try {
        await capture();
      } catch (err) {
        if (!(err instanceof Error && err.name === 'TimeoutError')) throw err;
        await capture();
      }
      return path;
    },
    stop,
  };
}
