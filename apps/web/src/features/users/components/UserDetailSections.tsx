import type { ReactNode } from 'react';
import { Stack, TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Section } from '../../../components/Section';
import type { UserFormValues } from '../user-form';

type UserForm = UseFormReturnType<UserFormValues>;

interface UserTextProps extends Omit<TextInputProps, 'form'> {
  form: UserForm;
  field: keyof UserFormValues;
  label: string;
}

/** A text field of the user form: value, change and error bound to `field` of `form`. */
export function UserText({ form, field, ...props }: UserTextProps) {
  return <TextInput key={form.key(field)} {...form.getInputProps(field)} {...props} />;
}

interface SectionProps {
  form: UserForm;
  /** True where the user may not edit them (My Account without the my details right). */
  readOnly?: boolean;
}

/**
 * A user's names (spec "bookings…" §2 User detail, My Account): First Name, Last Name and Nickname
 * under `title` ('Details' for an administrator, after the Username they pass as `before`;
 * 'Personal Details' on My Account).
 */
export function NamesSection({
  form,
  readOnly,
  title,
  before,
}: SectionProps & { title: string; before?: ReactNode }) {
  return (
    <Section title={title}>
      <Stack gap="sm">
        {before}
        <UserText form={form} field="ausr_firstname" label="First Name" maxLength={50} readOnly={readOnly} />
        <UserText form={form} field="ausr_lastname" label="Last Name" maxLength={50} readOnly={readOnly} />
        <UserText form={form} field="ausr_nickname" label="Nickname" maxLength={50} readOnly={readOnly} />
      </Stack>
    </Section>
  );
}

/** Communications (spec "bookings…" §2 User detail, My Account): Email and Telephone. */
export function CommunicationsSection({ form, readOnly }: SectionProps) {
  return (
    <Section title="Communications">
      <Stack gap="sm">
        {COMMUNICATIONS.map(([field, label, type, maxLength]) => (
          <UserText
            key={field}
            form={form}
            field={field}
            label={label}
            type={type}
            maxLength={maxLength}
            readOnly={readOnly}
          />
        ))}
      </Stack>
    </Section>
  );
}

/** The Communications fields: field, label, input type and most characters. */
const COMMUNICATIONS = [
  ['ausr_email', 'Email', 'email', 200],
  ['ausr_telephone', 'Telephone', 'tel', 30],
] as const;
