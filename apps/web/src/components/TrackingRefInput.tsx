import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/**
 * The path of the track screen for a reference (spec "access…" §2 routes: /docket/track?tracking_ref),
 * with the `database` that holds it when known: a copied link then opens there at once, not after
 * asking the first database in vain.
 */
export const trackPath = (ref: string, database?: string) =>
  `/docket/track?${new URLSearchParams({ tracking_ref: ref.trim(), ...(database ? { database } : {}) }).toString()}`;

/** The tracking-reference box: Enter opens the track screen (spec "access…" §2 menus: toolbar box). */
export function TrackingRefInput(props: Omit<TextInputProps, 'value' | 'onChange' | 'onKeyDown'>) {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  return (
    <TextInput
      placeholder="Tracking Reference"
      aria-label="Tracking Reference"
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        void navigate(trackPath(value));
        setValue('');
      }}
      {...props}
    />
  );
}
