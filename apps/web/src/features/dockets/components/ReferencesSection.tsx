import { useQuery } from '@tanstack/react-query';
import { TextField } from '../../../components/TextField';
import { Columns } from '../../../components/Columns';
import { Select } from '../../../components/Select';
import type { CustomerRow } from '@courier/contracts';
import { Section } from '../../../components/Section';
import { referenceListsQuery } from '../../customers';
import type { BookingRules } from '../booking-rules';
import { referenceOf, shownReferences } from '../booking-validation';
import { REFERENCE_MAX, referenceField, type ReferenceNumber } from '../booking-values';
import type { FieldBinder } from './field-binder';

interface ReferencesSectionProps {
  account: CustomerRow | undefined;
  rules: BookingRules;
  field: FieldBinder;
  readOnly: boolean;
  /** References with a value on a saved booking show even without the ExtraReferences setting. */
  filled: (n: ReferenceNumber) => boolean;
}

/**
 * 'References' (spec "bookings…" §2, §3 Customer, §5): references 1–4 with the account's labels and
 * required flags; 5 and 6 with the ExtraReferences setting, 5 chosen from the account's reference
 * list when cust_ref5_fromlist is 'T'.
 */
export function ReferencesSection({ account, rules, field, readOnly, filled }: ReferencesSectionProps) {
  const fromList = !readOnly && rules.extraReferences && account?.cust_ref5_fromlist === 'T';
  const lists = useQuery({ ...referenceListsQuery(account?.cust_id ?? 0), enabled: fromList && !!account });
  const shown = shownReferences(rules);
  const numbers = readOnly ? ([5, 6] as const).filter((n) => filled(n) && !shown.includes(n)) : [];
  return (
    <Section title="References">
      <Columns cols={{ base: 1, sm: 2 }} spacing="sm">
        {[...shown, ...numbers].map((n) => {
          const { label, required } = referenceOf(account, n);
          const props = { label, withAsterisk: required && !readOnly, ...field(referenceField(n)) };
          return n === 5 && fromList ? (
            <Select
              key={n}
              {...props}
              searchable
              clearable
              data={(lists.data ?? []).filter((r) => r.cref_ref_type === 5).map((r) => r.cref_description)}
            />
          ) : (
            <TextField key={n} maxLength={REFERENCE_MAX} autoComplete="off" {...props} />
          );
        })}
      </Columns>
    </Section>
  );
}
