import { TextField, type TextFieldProps } from '../../../components/TextField';

interface NumericInputProps extends Omit<TextFieldProps, 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** Allow one decimal point (weights). */
  decimal?: boolean;
}

/** Keeps digits (and one point with `decimal`) and cuts to `maxLength` (spec "bookings…" §5 numeric inputs). */
export function digitsOnly(raw: string, maxLength: number, decimal = false): string {
  const kept = raw.replace(decimal ? /[^\d.]/g : /\D/g, '');
  const [whole = '', ...rest] = kept.split('.');
  const value = decimal && rest.length ? `${whole}.${rest.join('')}` : whole;
  return value.slice(0, maxLength);
}

/**
 * A numeric text input: non-digits are stripped as they are typed or pasted, then the value is cut
 * to `maxLength`. No native maxlength: the browser would cut pasted text before the stripping
 * ('Weight: 12' into 7 characters would leave nothing).
 */
export function NumericInput({ value, onChange, maxLength, decimal, ...input }: NumericInputProps) {
  return (
    <TextField
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={value}
      onChange={(e) => {
        const kept = digitsOnly(e.currentTarget.value, maxLength, decimal);
        // A key that is dropped leaves the value as it was, so nothing re-renders (Preact, unlike
        // React, does not put a controlled input's value back by itself): put it back here.
        if (e.currentTarget.value !== kept) e.currentTarget.value = kept;
        onChange(kept);
      }}
      {...input}
    />
  );
}
