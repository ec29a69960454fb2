import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useAfterFirstPaint } from './use-after-paint';

function Screen() {
  const painted = useAfterFirstPaint();
  return (
    <>
      <h1>Top</h1>
      {painted && <p>Rest</p>}
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('useAfterFirstPaint', () => {
  it('draws the top at once and the rest only after the next frame and a task after it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    render(<Screen />);
    expect(screen.getByRole('heading', { name: 'Top' })).toBeTruthy();
    expect(screen.queryByText('Rest')).toBeNull();
    act(() => void vi.advanceTimersToNextFrame());
    expect(screen.queryByText('Rest')).toBeNull();
    act(() => void vi.runOnlyPendingTimers());
    expect(screen.getByText('Rest')).toBeTruthy();
  });

  it('schedules nothing more once the component is gone', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const { unmount } = render(<Screen />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
