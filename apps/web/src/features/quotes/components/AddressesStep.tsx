import { Alert, Grid, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Section } from '../../../components/Section';
import { PostcodeField, searchPatch, useAddressSearch } from '../../postcode';
import { QUOTE_ADDRESS_INPUTS, quoteAddressOf, type QuoteAddressValues } from '../quote-wizard';

interface AddressFormProps {
  database: string;
  address: QuoteAddressValues;
  /** Errors by field, and the address's own (the three-parts rule) under `address`. */
  errors: Record<string, string>;
  onChange: (address: QuoteAddressValues) => void;
}

/** Wide inputs: the street. */
const WIDE = new Set(['dadd_street']);

/**
 * One address of page 4: the quote's fields at the quote's lengths (spec "bookings…" §5), the
 * quoted post code read-only with its search button (ADDRESS LIST; a chosen result fills the
 * address, cut to QUOTE_LIMITS).
 */
function AddressForm({ database, address, errors, onChange }: AddressFormProps) {
  const search = useAddressSearch(
    (result) =>
      onChange({
        ...address,
        ...searchPatch(quoteAddressOf(result), ['dadd_companyname', 'dadd_build', 'dadd_street']),
        // The quoted post code stays: its price is frozen.
        dadd_postalcode: address.dadd_postalcode,
      }),
    database,
  );
  const title = address.dadd_addresstype === 0 ? 'Collection address' : 'Delivery address';
  return (
    <Section title={title}>
      <Stack gap="sm">
        {errors.address && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {errors.address}
          </Alert>
        )}
        <Grid gap="sm">
          {QUOTE_ADDRESS_INPUTS.map(({ field, label, max }) => (
            <Grid.Col key={field} span={{ base: 12, sm: WIDE.has(field) ? 12 : 6 }}>
              {field === 'dadd_postalcode' ? (
                <PostcodeField
                  label={label}
                  value={address.dadd_postalcode}
                  readOnly
                  searchWhenReadOnly
                  error={errors[field]}
                  searching={search.searching}
                  onSearch={() =>
                    search.search({
                      organisation: address.dadd_companyname,
                      building: address.dadd_build,
                      street: address.dadd_street,
                      postcode: address.dadd_postalcode,
                    })
                  }
                />
              ) : (
                <TextInput
                  label={label}
                  maxLength={max}
                  autoComplete="off"
                  value={address[field]}
                  error={errors[field]}
                  onChange={(e) => onChange({ ...address, [field]: e.currentTarget.value })}
                />
              )}
            </Grid.Col>
          ))}
        </Grid>
      </Stack>
      {search.modal}
    </Section>
  );
}

interface AddressesStepProps {
  database: string;
  addresses: QuoteAddressValues[];
  /** Errors by `addresses.{i}.{field}` and `addresses.{i}` (as the server names them). */
  errors: Record<string, string>;
  /** The addresses, and the index of the one changed (its errors are stale). */
  onChange: (addresses: QuoteAddressValues[], changed: number) => void;
}

/** Page 4, Addresses (spec "bookings…" §2): the full collection and delivery addresses. */
export function AddressesStep({ database, addresses, errors, onChange }: AddressesStepProps) {
  const errorsOf = (i: number) =>
    Object.fromEntries(
      Object.entries(errors).flatMap(([key, message]) => {
        if (key === `addresses.${i}`) return [['address', message]];
        const prefix = `addresses.${i}.`;
        return key.startsWith(prefix) ? [[key.slice(prefix.length), message]] : [];
      }),
    );
  return (
    <Stack>
      {addresses.map((address, i) => (
        <AddressForm
          key={i}
          database={database}
          address={address}
          errors={errorsOf(i)}
          onChange={(a) =>
            onChange(
              addresses.map((old, j) => (j === i ? a : old)),
              i,
            )
          }
        />
      ))}
    </Stack>
  );
}
