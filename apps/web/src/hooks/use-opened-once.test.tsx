import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useOpenedOnce } from './use-opened-once';

function Probe({ opened }: { opened: boolean }) {
  return <output>{String(useOpenedOnce(opened))}</output>;
}

describe('useOpenedOnce', () => {
  it('is false until the first opening, then true for good', () => {
    const view = render(<Probe opened={false} />);
    expect(screen.getByRole('status').textContent).toBe('false');
    view.rerender(<Probe opened={false} />);
    expect(screen.getByRole('status').textContent).toBe('false');
    view.rerender(<Probe opened />);
    expect(screen.getByRole('status').textContent).toBe('true');
    view.rerender(<Probe opened={false} />);
    expect(screen.getByRole('status').textContent).toBe('true');
  });

  it('is true at once for something opened from the start', () => {
    render(<Probe opened />);
    expect(screen.getByRole('status').textContent).toBe('true');
  });
});
