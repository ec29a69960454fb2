import { Group, Image, Text, ThemeIcon } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { Theme } from '@courier/contracts';

interface TenantBrandProps {
  tenant: Theme;
  size?: 'sm' | 'lg';
  /** The name is the page's h1 (the login page, which has no title of its own). */
  heading?: boolean;
}

/** The tenant's logo and name (spec "access…" §1: each database has its own theme). */
export function TenantBrand({ tenant, size = 'sm', heading = false }: TenantBrandProps) {
  const px = size === 'lg' ? 56 : 36;
  return (
    <Group gap="sm" wrap="nowrap">
      {tenant.logo ? (
        <Image src={tenant.logo} alt="" w={px} h={px} fit="contain" />
      ) : (
        <ThemeIcon size={px} radius="md" variant="filled" aria-hidden>
          <IconTruckDelivery size={px * 0.6} />
        </ThemeIcon>
      )}
      <Text component={heading ? 'h1' : 'p'} m={0} fw={700} fz={size === 'lg' ? 24 : 'lg'} lh={1.2} truncate>
        {tenant.name}
      </Text>
    </Group>
  );
}
