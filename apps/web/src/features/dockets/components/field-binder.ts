import type { UseFormReturnType } from '@mantine/form';
import type { BookingValues } from '../booking-values';

/** The booking screen's form (@mantine/form). */
export type BookingFormApi = UseFormReturnType<BookingValues>;

/** Input props for a form path, read-only on the confirm step and on a saved booking. */
export type FieldBinder = (
  path: string,
) => ReturnType<BookingFormApi['getInputProps']> & { readOnly: boolean; variant?: 'filled' };

/** Binds inputs to the booking form; `readOnly` locks every input and shades it (filled). */
export const fieldBinder =
  (form: BookingFormApi, readOnly: boolean): FieldBinder =>
  (path) => ({ ...form.getInputProps(path), readOnly, ...(readOnly ? { variant: 'filled' as const } : {}) });
