import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { IconRefresh, IconSend, IconUser } from '@tabler/icons-react';
import { registerRequest, type PasswordPolicy } from '@courier/contracts';
import { Section } from '../../../components/Section';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText, fieldText } from '../../auth';
import { NewPasswordFields } from '../../auth';
import { useNewPassword } from '../../auth';
import { storedDatabase } from '../../../lib/stored-context';
import { useRegister } from '../api/register';
import type { RegisterParams } from '../register-params';

/** Title of registration failures (spec "access…" §8). */
export const REGISTER_ERROR = 'Register Error';

interface RegisterFormProps {
  database: string;
  /** The /register link's parameters: the booking, its contact details and the token. */
  link: RegisterParams & { dck_id: number };
  policy: PasswordPolicy;
}

/** The first problem of a username under the server's rule, or null. */
function usernameError(value: string): string | null {
  const parsed = registerRequest.shape.ausr_logon.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid username');
}

/**
 * The Register screen's form (spec "access…" §2): sections Username and Password (with the
 * confirmation and the strength meter), Submit and Reset. Success shows 'Registered Successfully:
 * Please login to view your booking history' and opens login; failures 'Register Error: {message}'.
 */
export function RegisterForm({ database, link, policy }: RegisterFormProps) {
  const navigate = useNavigate();
  const register = useRegister();
  const fields = useNewPassword(policy);
  const [username, setUsername] = useState('');
  const [usernameProblem, setUsernameProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const logon = username.trim();
    const nameProblem = usernameError(logon);
    const passwordOk = fields.validate(logon);
    setUsernameProblem(nameProblem);
    if (nameProblem || !passwordOk) return;
    register.mutate(
      {
        database,
        ausr_logon: logon,
        ausr_password: fields.password,
        dck_id: link.dck_id,
        token: link.token,
        dck_email: link.dck_email,
        dck_contact: link.dck_contact,
        dck_telephone: link.dck_telephone,
      },
      {
        onSuccess: ({ message, detail }) => {
          notifySuccess(detail, message);
          // The login page then offers the database the user was registered on.
          storedDatabase.set(database);
          void navigate('/login');
        },
        onError: (error) => {
          notifyError(REGISTER_ERROR, errorText(error));
          const logonField = fieldText(error, 'ausr_logon');
          if (logonField) setUsernameProblem(logonField);
          const passwordField = fieldText(error, 'ausr_password');
          if (passwordField) fields.setServerError(passwordField);
        },
      },
    );
  };

  const reset = () => {
    setUsername('');
    setUsernameProblem(null);
    fields.reset();
  };

  return (
    <form onSubmit={submit} onReset={reset} noValidate>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title="Username">
          <TextInput
            label="Username"
            description="At least 3 characters: letters, digits and . _ @ -"
            autoComplete="username"
            leftSection={<IconUser size={16} />}
            value={username}
            onChange={(e) => {
              setUsername(e.currentTarget.value);
              setUsernameProblem(null);
            }}
            error={usernameProblem}
            required
            autoFocus
          />
        </Section>
        <Section title="Password">
          <NewPasswordFields label="Password" state={fields} policy={policy} username={username.trim()} />
        </Section>
      </SimpleGrid>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button type="reset" variant="default" leftSection={<IconRefresh size={16} />}>
          Reset
        </Button>
        <Button type="submit" loading={register.isPending} leftSection={<IconSend size={16} />}>
          Submit
        </Button>
      </Group>
    </form>
  );
}
