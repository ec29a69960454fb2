import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render';
import { ConfirmStep } from './StepPanel';

describe('ConfirmStep', () => {
  it('labels the save-and-reuse button \'Re-use\' (spec "bookings…" §2 Booking detail buttons)', async () => {
    const onSaveAndReuse = vi.fn();
    const { user } = renderApp(
      <ConfirmStep
        quote={null}
        cardPayer={false}
        busy={false}
        onChange={vi.fn()}
        onConfirm={vi.fn()}
        onSaveAndReuse={onSaveAndReuse}
      />,
    );
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Change', 'Re-use', 'Confirm']);
    await user.click(screen.getByRole('button', { name: 'Re-use' }));
    expect(onSaveAndReuse).toHaveBeenCalledOnce();
  });
});
