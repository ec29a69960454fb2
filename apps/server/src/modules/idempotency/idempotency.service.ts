import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/tokens';
import type { Db, Executor } from '../../db/client';
import * as repo from './idempotency.repository';

/** The `Idempotency-Key` of one call: who, which call, the key and a hash of the request. */
export interface Idempotency extends repo.KeyRef {
  requestHash: string;
}

/** Thrown inside a transaction when a concurrent call with the same key committed first. */
class KeyTaken extends Error {}

/** The key's scope, or undefined when the caller sent no key. */
export function idempotencyOf(
  ausrId: number,
  route: string,
  key: string | undefined,
  request: unknown,
): Idempotency | undefined {
  return key ? { ausrId, route, key, requestHash: sha256(JSON.stringify(request)) } : undefined;
}

/** 422 naming the header: the key came with another request. */
export const keyReused = (): AppError =>
  new AppError('BUSINESS_RULE', 'This Idempotency-Key was used for another request', {
    'idempotency-key': 'Used for another request',
  });

/** The first answer to this key; 422 naming the header when the key came with another request. */
async function replay<T>(db: Executor, idem: Idempotency): Promise<T | undefined> {
  const found = await repo.findKey(db, idem);
  if (!found) return undefined;
  if (found.hash !== idem.requestHash) throw keyReused();
  return found.response as T;
}

/**
 * The stored answer of a key a call found taken (a statement that writes its own key, as
 * driver/position); 422 when the key came with another request.
 * @throws Error when the key holds nothing (it cannot: the caller saw it taken)
 */
export async function replayed<T>(db: Executor, idem: Idempotency): Promise<T> {
  const found = await replay<T>(db, idem);
  if (found === undefined) throw new Error(`idempotency key ${idem.route} ${idem.key} vanished`);
  return found;
}

/**
 * Runs `work` in one transaction exactly once per key (spec-free: what a courier's client needs to
 * retry safely after a lost answer). Without a key it simply runs. With one, a repeat gets the
 * first answer; the answer is stored in the same transaction as what `work` wrote, so a crash
 * leaves neither; of two concurrent calls the database lets one write and the other replays it.
 * `after` runs only when `work` really ran (a confirmation mail, say), after the commit.
 * `oneStatement`: `work` writes in a single statement (atomic by itself), so without a key it runs
 * on `db` outside any transaction, saving the BEGIN and COMMIT round trips.
 */
export async function once<T extends object>(
  db: Db,
  idem: Idempotency | undefined,
  now: Date,
  work: (tx: Executor) => Promise<T>,
  after: (answer: T) => void = () => undefined,
  opts: { oneStatement?: boolean } = {},
): Promise<T> {
  if (!idem && opts.oneStatement) {
    const answer = await work(db);
    after(answer);
    return answer;
  }
  if (idem) {
    const earlier = await replay<T>(db, idem);
    if (earlier) return earlier;
  }
  try {
    const answer = await db.transaction(async (tx) => {
      const result = await work(tx);
      if (idem && !(await repo.insertKey(tx, idem, idem.requestHash, result, now))) throw new KeyTaken();
      return result;
    });
    after(answer);
    return answer;
  } catch (err) {
    if (idem && err instanceof KeyTaken) return (await replay<T>(db, idem))!;
    throw err;
  }
}
