import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { Theme } from '@courier/contracts';
import { TenantBrand } from '../../../components/TenantBrand';
import { versionQuery } from '../api/version';

/** The version text: app version and database version (spec "access…" §2 Login screen). */
function VersionText() {
  const { data } = useQuery(versionQuery);
  return (
    <Text size="xs" c="dimmed" ta="center">
      {data ? `Version ${data.appVersion} / ${data.dbVersion}` : ' '}
    </Text>
  );
}

interface LoginCardProps {
  tenant: Theme;
  /** The page's title ('Multi-factor authentication', 'Change password', …); none on the login page. */
  title?: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every login-screen page (spec "access…" §2: login, forgotten password, change
 * password, mfa): the tenant's logo and name, the page, and the version text under it; all of it is
 * the main landmark, and its h1 is the page's title, or the tenant's name on the login page.
 */
export function LoginCard({ tenant, title, subtitle, children }: LoginCardProps) {
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Box w="100%" maw={440}>
        <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <Stack gap={6} align="center">
              <TenantBrand tenant={tenant} size="lg" heading={!title} />
              {title && (
                <Title order={1} fz={20} ta="center" mt="xs">
                  {title}
                </Title>
              )}
              {subtitle && (
                <Text c="dimmed" size="sm" ta="center">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        <Box mt="md">
          <VersionText />
        </Box>
      </Box>
    </Center>
  );
}
