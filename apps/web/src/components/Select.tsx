import { useState, type FocusEvent } from 'react';
import { Select as MantineSelect, type SelectProps } from '@mantine/core';

/**
 * Mantine's Select, with its list drawn only from the first time the field takes focus. Mantine
 * keeps a closed select's whole list mounted (hidden) so that the arrow keys find its options the
 * moment it opens; a booking screen holds a dozen selects, and drawing every list as the screen
 * loads cost more than the rest of the form. Focus comes before any key or click, so by the time
 * the list opens its options are there, as Mantine expects. Same props as Mantine's Select.
 */
export function Select({ onFocus, comboboxProps, ...props }: SelectProps) {
  const [focused, setFocused] = useState(false);
  return (
    <MantineSelect
      {...props}
      comboboxProps={{ keepMounted: focused, ...comboboxProps }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setFocused(true);
        onFocus?.(event);
      }}
    />
  );
}
