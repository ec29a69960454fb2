import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../test/render';
import { BookingDateTime } from './BookingDateTime';

describe('BookingDateTime', () => {
  it('shows the value, not yet editable, while the picker loads, then the picker takes a typed date-time', async () => {
    const onChange = vi.fn();
    const { user } = renderApp(
      <BookingDateTime label="Ready" value="2026-11-27 09:30:00" onChange={onChange} />,
    );
    const ready = () => screen.getByLabelText<HTMLInputElement>('Ready');
    expect([ready().value, ready().readOnly]).toEqual(['27/11/2026 09:30', true]);
    await waitFor(() => expect(ready().readOnly).toBe(false));
    const picker = ready();
    expect(picker.value).toBe('27/11/2026 09:30');
    await user.clear(picker);
    await user.type(picker, '28/11/2026 14:05');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-28 14:05:00');
  });
});
