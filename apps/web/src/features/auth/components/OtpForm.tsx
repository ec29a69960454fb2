import { useState, type FormEvent } from 'react';
import { Button, Center, PinInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconRefresh, IconShieldCheck } from '@tabler/icons-react';

/** Digits of a one-time code (spec "access…" §9: the mailed code). */
export const OTP_LENGTH = 6;

interface OtpFormProps {
  /** The spec's OTP message with the code's lifetime. */
  message: string;
  onVerify: (code: string) => Promise<boolean>;
  onResend: () => void;
  onCancel: () => void;
  verifying: boolean;
  resending: boolean;
}

/**
 * The mfa page's form (spec "access…" §2, §4): the OTP message, a 6-digit code, Verify and Resend.
 * Enter in the code verifies, as Verify does. A rejected code is cleared and marked for the next
 * try. On a phone the boxes are smaller and the buttons stack, so the card holds them whole.
 */
export function OtpForm({ message, onVerify, onResend, onCancel, verifying, resending }: OtpFormProps) {
  const [code, setCode] = useState('');
  /** The code was refused (its boxes are marked red until the next digit). */
  const [rejected, setRejected] = useState(false);
  const [incomplete, setIncomplete] = useState(false);
  const phone = useMediaQuery('(max-width: 30em)');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== OTP_LENGTH) {
      setIncomplete(true);
      return;
    }
    void onVerify(code).then((ok) => {
      if (!ok) {
        setCode('');
        setRejected(true);
      }
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" ta="center">
          {message}
        </Text>
        {/* The code's boxes take no Enter themselves (PinInput lets only digits and moves through). */}
        <Center
          onKeyDown={(e) => {
            if (e.key === 'Enter') (e.target as HTMLElement).closest('form')?.requestSubmit();
          }}
        >
          <PinInput
            length={OTP_LENGTH}
            type="number"
            inputMode="numeric"
            oneTimeCode
            autoFocus
            size={phone ? 'md' : 'lg'}
            gap="xs"
            value={code}
            onChange={(v) => {
              setCode(v);
              setRejected(false);
              setIncomplete(false);
            }}
            error={rejected || incomplete}
            ariaLabel="One-time code"
          />
        </Center>
        {incomplete && (
          <Text c="red" size="sm" ta="center" role="alert">
            Please enter the {OTP_LENGTH}-digit code
          </Text>
        )}
        <Button type="submit" fullWidth loading={verifying} leftSection={<IconShieldCheck size={16} />}>
          Verify
        </Button>
        <SimpleGrid cols={phone ? 1 : 2} spacing="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={resending}
            onClick={onResend}
          >
            Resend
          </Button>
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onCancel}>
            Back to login
          </Button>
        </SimpleGrid>
      </Stack>
    </form>
  );
}
