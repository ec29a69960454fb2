import { Table, Text } from '@mantine/core';
import type { StockRow } from '@courier/contracts';
import { Section } from './Section';

/**
 * 'Stock List' (spec "bookings…" §2): the items the docket carries, ticked once scanned; on a
 * phone the table scrolls sideways, its box in the Tab order.
 */
export function StockList({ stock }: { stock: StockRow[] }) {
  return (
    <Section title="Stock List">
      {stock.length === 0 ? (
        <Text c="dimmed">No stock lines.</Text>
      ) : (
        // Wider than a phone: it scrolls sideways, and as it holds nothing focusable, takes the
        // focus itself so that the keyboard can scroll it (axe: scrollable-region-focusable).
        <Table.ScrollContainer minWidth={480} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Stock Code</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th>Container</Table.Th>
                <Table.Th>Scanned</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stock.map((s) => (
                <Table.Tr key={s.stk_id}>
                  <Table.Td>{s.stk_code}</Table.Td>
                  <Table.Td>{s.stk_description}</Table.Td>
                  <Table.Td ta="right">{s.stk_quantity}</Table.Td>
                  <Table.Td>{s.dtr_box}</Table.Td>
                  <Table.Td>{s.scanned ? 'Yes' : 'No'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
