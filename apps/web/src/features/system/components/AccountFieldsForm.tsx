import {
  Checkbox,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Select } from '../../../components/Select';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { useQuery } from '@tanstack/react-query';
import type { CustomerFields } from '@courier/contracts';
import { serviceTypeListQuery, tariffTypeListQuery } from '../../customers';

const REFS = [1, 2, 3, 4, 5, 6] as const;
type RefLabel = `cust_ref${(typeof REFS)[number]}_lbl`;
type RefRequired = `cust_ref${(typeof REFS)[number]}_req`;

/** Methods of payment (spec "bookings…" §3 Customer). */
const MOPS = [
  { value: 'A', label: 'A - On account' },
  { value: 'O', label: 'O - Hosted card form' },
  { value: 'S', label: 'S - Card checkout' },
];

/** The two tracking lists (spec "access…" §3 Customer web_tracking, web_quicktracking). */
const TRACKING_LISTS = [
  ['cust_web_tracking', 'Web tracking'],
  ['cust_web_quicktracking', 'Web quick tracking'],
] as const;

interface AccountFieldsFormProps {
  fields: CustomerFields;
  onChange: (fields: CustomerFields) => void;
  /** The values reference 5 may be chosen from (cref_ref_type 5). */
  list: string[];
  onListChange: (values: string[]) => void;
  /** Problems by field name (cust_ref1_lbl, cust_max_delay, …, and `values` for the list). */
  errors?: Record<string, string>;
  listErrors?: Record<string, string>;
}

/**
 * The account fields of the Customer tab (spec "bookings…" §3 Customer, "access…" §3 Customer; issue
 * 12 §2): the label and required flag of references 1–6, whether reference 5 comes from its list and
 * the list itself, method of payment, main tariff and service, pod, max delay (minutes) and the two
 * tracking lists (name=value lines). Saved with the screen's Save (customer/post, customer/reference/post).
 */
export function AccountFieldsForm({
  fields,
  onChange,
  list,
  onListChange,
  errors = {},
  listErrors = {},
}: AccountFieldsFormProps) {
  const tariffs = useQuery(tariffTypeListQuery);
  const services = useQuery(serviceTypeListQuery);
  const set = <K extends keyof CustomerFields>(key: K, value: CustomerFields[K]) =>
    onChange({ ...fields, [key]: value });
  return (
    <Stack gap="md">
      <Table withTableBorder layout="fixed" aria-label="References">
        <Table.Thead>
          <Table.Tr>
            {/* Narrower fixed columns on a phone, so the label field keeps room to be read. */}
            <Table.Th w={{ base: 96, sm: 110 }}>Reference</Table.Th>
            <Table.Th>Label</Table.Th>
            <Table.Th w={{ base: 84, sm: 100 }}>Required</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {REFS.map((n) => {
            const lbl: RefLabel = `cust_ref${n}_lbl`;
            const req: RefRequired = `cust_ref${n}_req`;
            return (
              <Table.Tr key={n}>
                <Table.Td>{`Reference ${n}`}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Reference ${n} label`}
                    value={fields[lbl]}
                    maxLength={30}
                    onChange={(e) => set(lbl, e.currentTarget.value)}
                    error={errors[lbl]}
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`Reference ${n} required`}
                    checked={fields[req] === 'T'}
                    onChange={(e) => set(req, e.currentTarget.checked ? 'T' : 'F')}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Checkbox
        label="Reference 5 is chosen from the list"
        checked={fields.cust_ref5_fromlist === 'T'}
        onChange={(e) => set('cust_ref5_fromlist', e.currentTarget.checked ? 'T' : 'F')}
      />
      <TagsInput
        label="Reference 5 list"
        description="Type a value and press Enter"
        value={list}
        onChange={onListChange}
        maxTags={200}
        error={Object.values(listErrors)[0]}
        clearable
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Method of payment"
          data={MOPS}
          value={fields.cust_mop}
          onChange={(v) => v && set('cust_mop', v as CustomerFields['cust_mop'])}
          allowDeselect={false}
          error={errors.cust_mop}
        />
        <Select
          label="Main tariff"
          data={(tariffs.data ?? []).map((t) => ({
            value: String(t.ttyp_tariff),
            label: t.ttyp_description,
          }))}
          value={fields.cust_maintariff === null ? null : String(fields.cust_maintariff)}
          onChange={(v) => set('cust_maintariff', v ? Number(v) : null)}
          clearable
          error={errors.cust_maintariff}
        />
        <Select
          label="Main service"
          data={(services.data ?? []).map((s) => ({ value: s.styp_id, label: s.styp_description }))}
          value={fields.cust_mainservice}
          onChange={(v) => set('cust_mainservice', v)}
          clearable
          error={errors.cust_mainservice}
        />
        <NumberInput
          label="Max delay (minutes)"
          value={fields.cust_max_delay}
          onChange={(v) => set('cust_max_delay', typeof v === 'number' ? v : Number(v) || 0)}
          min={0}
          max={1440}
          allowDecimal={false}
          allowNegative={false}
          error={errors.cust_max_delay}
        />
      </SimpleGrid>
      <Checkbox
        label="Proof of delivery is mandatory"
        checked={fields.cust_pod_mandatory === 'P'}
        onChange={(e) => set('cust_pod_mandatory', e.currentTarget.checked ? 'P' : 'N')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {TRACKING_LISTS.map(([key, label]) => (
          <Textarea
            key={key}
            label={label}
            description="One name=value per line"
            value={fields[key]}
            onChange={(e) => set(key, e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={8}
            error={errors[key]}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
