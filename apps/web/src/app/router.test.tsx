import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import type { SessionResponse } from '@courier/contracts';
import { SESSION_KEY } from '../features/auth/api/session';
import { sessionWith } from '../test/fixtures';
import { queryClient } from './providers';
import { warmLoader } from './router';

/** Runs the warm-up loader of `path` for a request to `url` with `session` restored. */
async function runWarm(path: string, url: string, session: SessionResponse | null) {
  queryClient.setQueryData(SESSION_KEY, session);
  const warm = vi.fn();
  const args = { request: new Request(`http://portal.test${url}`), params: {} } as LoaderFunctionArgs;
  await expect(warmLoader(path, warm)(args)).resolves.toBeNull();
  return warm;
}

describe('a page warm-up (router PageWarm)', () => {
  afterEach(() => queryClient.clear());

  it('warms a page for a signed-in user who may open it, with the session and the query string', async () => {
    const session = sessionWith({ ausr_rights_booking: 'T' });
    const warm = await runWarm('/docket/detail', '/docket/detail?_id=7', session);
    expect(warm).toHaveBeenCalledTimes(1);
    const [client, given, search] = warm.mock.calls[0] as [unknown, unknown, URLSearchParams];
    expect(client).toBe(queryClient);
    expect(given).toEqual(session);
    expect(search.get('_id')).toBe('7');
  });

  it('warms nothing without the right, while the login waits at a step, or for nobody', async () => {
    expect(await runWarm('/docket/detail', '/docket/detail', sessionWith({}))).not.toHaveBeenCalled();
    const atPassword = sessionWith({ ausr_rights_booking: 'T' }, 'password');
    expect(await runWarm('/docket/detail', '/docket/detail', atPassword)).not.toHaveBeenCalled();
    const atOtp: SessionResponse = { stage: 'otp', tenant: atPassword.tenant };
    expect(await runWarm('/docket/detail', '/docket/detail', atOtp)).not.toHaveBeenCalled();
    expect(await runWarm('/docket/detail', '/docket/detail', null)).not.toHaveBeenCalled();
  });
});
