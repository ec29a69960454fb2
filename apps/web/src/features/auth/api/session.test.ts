import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_SESSION_ELEMENT_ID, pageCallKey } from '@courier/contracts';
import { apiPost, resetPageAnswers } from '../../../lib/api-client';
import { mockApi, notAuthenticated, reply } from '../../../test/api-mock';
import { clearBootSession, writeBootCalls, writeBootSession } from '../../../test/boot-session';
import { sessionWith } from '../../../test/fixtures';
import { fetchSession } from './session';

describe('the start-up session restore', () => {
  afterEach(() => {
    clearBootSession();
    // Each test is a new page: a sign-in call of the one before has not ended its answers.
    resetPageAnswers();
  });

  it('takes the session written into the page once, without asking, then asks the server', async () => {
    const written = sessionWith({ ausr_rights_booking: 'T' });
    const asked = sessionWith({ ausr_rights_admin: 'T' });
    const api = mockApi({ '/api/auth/session': reply(asked) });
    writeBootSession(JSON.stringify(written));

    expect(await fetchSession()).toEqual(written);
    expect(api.calls).toEqual([]);
    expect(document.getElementById(BOOT_SESSION_ELEMENT_ID)).toBeNull();

    expect(await fetchSession()).toEqual(asked);
    expect(api.calls.map((c) => c.path)).toEqual(['/api/auth/session']);
  });

  it("hands the API client the answers to the screen's opening calls that a page with a session carries", async () => {
    const api = mockApi({ '/api/customer/list': reply([{ cust_id: 2 }]) });
    writeBootCalls({ [pageCallKey('/api/customer/list', {})]: [{ cust_id: 1 }] });
    writeBootSession(JSON.stringify(sessionWith({ ausr_rights_booking: 'T' })));
    await fetchSession();
    expect(await apiPost('/api/customer/list', {})).toEqual([{ cust_id: 1 }]);
    expect(await apiPost('/api/customer/list', {})).toEqual([{ cust_id: 2 }]);
    expect(api.calls.map((c) => c.path)).toEqual(['/api/customer/list']);
  });

  it('lets no answer of the page outlive its session: a sign-out or a sign-in ends them', async () => {
    const api = mockApi({ '/api/customer/list': reply([{ cust_id: 2 }]), '/api/auth/logout': reply({}) });
    writeBootCalls({ [pageCallKey('/api/customer/list', {})]: [{ cust_id: 1 }] });
    writeBootSession(JSON.stringify(sessionWith({ ausr_rights_booking: 'T' })));
    await fetchSession();
    await apiPost('/api/auth/logout', {});
    expect(await apiPost('/api/customer/list', {})).toEqual([{ cust_id: 2 }]);
    expect(api.calls.map((c) => c.path)).toEqual(['/api/auth/logout', '/api/customer/list']);
  });

  it('asks nothing when the page says nobody is signed in, once', async () => {
    const api = mockApi({ '/api/auth/session': notAuthenticated() });
    writeBootSession('null');
    expect(await fetchSession()).toBeNull();
    expect(api.calls).toEqual([]);
    expect(await fetchSession()).toBeNull();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/auth/session']);
  });

  it('asks the server when the written session is not one (broken or wrong shape)', async () => {
    for (const text of ['{"stage":', JSON.stringify({ stage: 'full', user: 'x' })]) {
      const api = mockApi({ '/api/auth/session': notAuthenticated() });
      writeBootSession(text);
      expect(await fetchSession()).toBeNull();
      expect(api.calls.map((c) => c.path)).toEqual(['/api/auth/session']);
    }
  });
});
