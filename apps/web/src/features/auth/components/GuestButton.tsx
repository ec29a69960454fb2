import { Link } from 'react-router';
import { Button, Divider } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { useGuestAccessAllowed } from '../api/guest-access';

/**
 * The login screen's guest login button (spec "access…" §2), shown only when the chosen database
 * allows guest access (§1); it opens the quote screen.
 */
export function GuestButton({ database }: { database: string | null }) {
  const allowed = useGuestAccessAllowed(database);
  if (!allowed) return null;
  return (
    <>
      <Divider label="or" labelPosition="center" />
      <Button
        component={Link}
        to="/docket/quote"
        variant="light"
        fullWidth
        leftSection={<IconUserQuestion size={18} />}
      >
        Guest login
      </Button>
    </>
  );
}
