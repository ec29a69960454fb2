import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_DATABASES_ELEMENT_ID } from '@courier/contracts/rights';
import { mockApi, reply } from '../../../test/api-mock';
import { writeBootElement } from '../../../test/boot-session';
import { DEMO } from '../../../test/fixtures';
import { fetchDatabaseList } from './database-list';

const OTHER = { name: 'Other', theme: DEMO.theme };

/** Writes the list into the page as the server does for a guest (apps/server web/boot-session). */
const writeDatabases = (text: string) => writeBootElement(BOOT_DATABASES_ELEMENT_ID, text);

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(BOOT_DATABASES_ELEMENT_ID)?.remove();
});

describe('fetchDatabaseList', () => {
  it("takes the list a guest's page carries once, without asking, then asks the server", async () => {
    const api = mockApi({ '/api/database/list': reply([OTHER]) });
    writeDatabases(JSON.stringify([DEMO]));
    expect(await fetchDatabaseList()).toEqual([DEMO]);
    expect(api.calls).toEqual([]);
    expect(await fetchDatabaseList()).toEqual([OTHER]);
    expect(api.calls.map((c) => c.path)).toEqual(['/api/database/list']);
  });

  it('asks the server, and checks its answer, when the page carries no list or a broken one', async () => {
    mockApi({ '/api/database/list': reply([{ name: 7 }]) });
    writeDatabases('{"broken":');
    await expect(fetchDatabaseList()).rejects.toThrow();
  });
});
