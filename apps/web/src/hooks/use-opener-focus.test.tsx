import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useOpenerFocus } from './use-opener-focus';

/** A button that opens a window drawn only while open, as the booking lists' row actions do. */
function Probe() {
  const [open, setOpen] = useState(false);
  const opener = useOpenerFocus();
  return (
    <>
      <button
        onClick={() => {
          opener.remember();
          setOpen(true);
        }}
      >
        Track 1001
      </button>
      {open && (
        <div role="dialog">
          <button
            onClick={() => {
              setOpen(false);
              opener.restore();
            }}
          >
            Close
          </button>
        </div>
      )}
    </>
  );
}

describe('useOpenerFocus', () => {
  it('gives focus back to the button that opened a window once the window has gone', async () => {
    const user = userEvent.setup();
    render(<Probe />);
    await user.click(screen.getByRole('button', { name: 'Track 1001' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Track 1001' })),
    );
  });
});
