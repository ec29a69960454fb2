import { ActionIcon, Loader } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { hint } from '../../../components/HintTooltip';
import { TextField, type TextFieldProps } from '../../../components/TextField';

interface PostcodeFieldProps extends TextFieldProps {
  /** Starts the address search; hidden on a read-only screen. */
  onSearch?: () => void;
  searching?: boolean;
  /** Keeps the search button on a read-only field (the quote wizard's quoted post code). */
  searchWhenReadOnly?: boolean;
}

/**
 * A post code input with the search button next to it (spec "bookings…" §5: 'use the search button
 * next to the post code'); Enter in the field searches too.
 */
export function PostcodeField({
  onSearch,
  searching,
  readOnly,
  searchWhenReadOnly,
  ...input
}: PostcodeFieldProps) {
  const search = onSearch && (!readOnly || searchWhenReadOnly) ? () => !searching && onSearch() : undefined;
  return (
    <TextField
      autoComplete="off"
      readOnly={readOnly}
      {...input}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || !search) return;
        e.preventDefault();
        search();
      }}
      rightSectionPointerEvents="all"
      rightSection={
        search && (
          // Not `loading`: that disables the button, and the focus on it would fall to the page
          // body, and with it the place ADDRESS LIST gives focus back to when it closes.
          <ActionIcon
            variant="light"
            aria-label="Find Address"
            {...hint('Find Address')}
            aria-busy={searching}
            onClick={search}
          >
            {searching ? <Loader size={14} /> : <IconSearch size={16} />}
          </ActionIcon>
        )
      }
    />
  );
}
