import { Button } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import type { ExportRequest } from '@courier/contracts';
import { useDocketExport } from '../api/docket-export';

/**
 * 'Export to CSV' and 'Export to PDF' (spec "bookings…" §2 header buttons, §6: export right only):
 * the list's current filter as booking-history.csv / .pdf.
 */
export function ExportButtons({ filter }: { filter: Omit<ExportRequest, 'format'> }) {
  const exporter = useDocketExport();
  const busy = (format: ExportRequest['format']) =>
    exporter.isPending && exporter.variables?.format === format;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileTypeCsv size={16} />}
        loading={busy('csv')}
        onClick={() => exporter.mutate({ ...filter, format: 'csv' })}
      >
        Export to CSV
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} />}
        loading={busy('pdf')}
        onClick={() => exporter.mutate({ ...filter, format: 'pdf' })}
      >
        Export to PDF
      </Button>
    </>
  );
}
