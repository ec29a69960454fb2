import { Stack } from '@mantine/core';
import { Select } from '../../../components/Select';
import { IconClock, IconTruck } from '@tabler/icons-react';
import type { ServiceType, TariffType } from '@courier/contracts';
import { Section } from '../../../components/Section';
import type { FieldBinder } from './field-binder';

interface ServiceSectionProps {
  services: ServiceType[];
  tariffs: TariffType[];
  field: FieldBinder;
}

/** 'Service Details': service type (default 'A') and vehicle / tariff (spec "bookings…" §2, §9). */
export function ServiceSection({ services, tariffs, field }: ServiceSectionProps) {
  return (
    <Section title="Service Details">
      <Stack gap="sm">
        <Select
          label="Service type"
          leftSection={<IconClock size={16} />}
          data={services.map((s) => ({ value: s.styp_id, label: s.styp_description }))}
          allowDeselect={false}
          {...field('dck_serv_type')}
        />
        <Select
          label="Vehicle / tariff"
          leftSection={<IconTruck size={16} />}
          data={tariffs.map((t) => ({ value: String(t.ttyp_tariff), label: t.ttyp_description }))}
          allowDeselect={false}
          {...field('dck_tariff')}
          withAsterisk={!field('dck_tariff').readOnly}
        />
      </Stack>
    </Section>
  );
}
