import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AfterPaint } from './AfterPaint';

afterEach(() => vi.useRealTimers());

function Parts() {
  return (
    <>
      <p>Top</p>
      <AfterPaint>
        <p>Second</p>
      </AfterPaint>
      <AfterPaint paints={2}>
        <p>Third</p>
      </AfterPaint>
    </>
  );
}

describe('AfterPaint', () => {
  it('draws each part after its number of paints, then schedules nothing', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    render(<Parts />);
    const shown = () => ['Top', 'Second', 'Third'].filter((t) => screen.queryByText(t));
    expect(shown()).toEqual(['Top']);
    const paint = () => {
      act(() => void vi.advanceTimersToNextFrame());
      act(() => void vi.runOnlyPendingTimers());
    };
    paint();
    expect(shown()).toEqual(['Top', 'Second']);
    paint();
    expect(shown()).toEqual(['Top', 'Second', 'Third']);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('AfterPaint with no paints to wait for', () => {
  it('draws its children at once (a part added after the screen was drawn)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    render(
      <AfterPaint paints={0}>
        <p>Added</p>
      </AfterPaint>,
    );
    expect(screen.getByText('Added')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });
});
