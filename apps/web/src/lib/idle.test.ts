import { describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

describe('whenIdle', () => {
  it('runs the work later, not at once, and not at all once cancelled', async () => {
    const work = vi.fn();
    whenIdle(work);
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    expect(work).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(cancelled).not.toHaveBeenCalled();
  });
});
