import { describe, expect, it, vi } from 'vitest';
import { lazy } from './lazy';

describe('lazy', () => {
  it('loads once and answers every call with the same value', async () => {
    const load = vi.fn(async () => ({ client: 1 }));
    const get = lazy(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('EMFILE')).mockResolvedValue('loaded');
    const get = lazy(load);
    await expect(get()).rejects.toThrow('EMFILE');
    expect(await get()).toBe('loaded');
    expect(await get()).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
