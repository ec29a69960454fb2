import { lazy, Suspense, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, FileButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Select } from '../../../components/Select';
import type { DriverJob } from '@courier/contracts';
import { driverExceptionsQuery } from '../api/driver-api';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';
import { StopCard } from './stops';

/** The camera scanner with its barcode reader: fetched only when a driver opens it. */
const CameraScanner = lazy(() => import('../scan/CameraScanner'));

/** A report the job view asks the page to send (through the offline queue). */
export type JobReport =
  | { kind: 'scan'; barcode: string }
  | { kind: 'collected' }
  | { kind: 'delivered'; signed_by: string; signature: string; photo?: { data: string; type: 'image/jpeg' } }
  | { kind: 'exception'; exception: string; label: string };

/** A photo made smaller for the network: at most 1280 px on its longer side, JPEG at 0.8 (base64). */
async function shrinkPhoto(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 1280 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.8).split(',')[1]!;
}

interface JobViewProps {
  job: DriverJob;
  onReport: (report: JobReport) => void;
  onBack: () => void;
}

/**
 * One job on the driver's phone (issue 10 §2): its status, stops (address, call and map links),
 * a typed barcode scan box with what was scanned and the stock to tick off, and the actions the
 * status rules allow now (`job.next`): Collected; Delivered with signed-by, a drawn signature and
 * an optional photo; Exception with a reason of exception/list. 'Scan with camera' opens the
 * camera scanner; each code it reads is reported as a scan, as a typed one is.
 */
export function JobView({ job, onReport, onBack }: JobViewProps) {
  const [barcode, setBarcode] = useState('');
  const [camera, setCamera] = useState(false);
  const [signedBy, setSignedBy] = useState('');
  const [signed, setSigned] = useState(false);
  const [photo, setPhoto] = useState<{ name: string; data: string } | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const pad = useRef<SignaturePadHandle>(null);
  const canDeliver = job.next.includes('D');
  const exceptions = useQuery({ ...driverExceptionsQuery, enabled: job.next.includes('E') });

  const scan = (e: React.FormEvent) => {
    e.preventDefault();
    const code = barcode.trim();
    if (!code) return;
    onReport({ kind: 'scan', barcode: code });
    setBarcode('');
  };

  const deliver = () => {
    const signature = pad.current?.png();
    if (!signature || !signedBy.trim()) return;
    onReport({
      kind: 'delivered',
      signed_by: signedBy.trim(),
      signature,
      ...(photo ? { photo: { data: photo.data, type: 'image/jpeg' as const } } : {}),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Button variant="subtle" onClick={onBack} px={0}>
          ‹ My jobs
        </Button>
        <Badge size="lg" styles={{ root: { background: job.dsts_color, color: job.dsts_font_color } }}>
          {job.dsts_description}
        </Badge>
      </Group>
      <Title order={1} fz={22}>
        Docket {job.dck_docket}
      </Title>
      {job.dck_cust_ref1 && <Text size="sm">Reference {job.dck_cust_ref1}</Text>}
      {job.stops.map((s) => (
        <StopCard key={s.dadd_id} stop={s} />
      ))}

      <Paper withBorder p="sm">
        <form onSubmit={scan}>
          <Stack gap="xs">
            <Title order={2} fz={16}>
              Scan
            </Title>
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label="Barcode"
                value={barcode}
                onChange={(e) => setBarcode(e.currentTarget.value)}
                maxLength={60}
                autoCapitalize="characters"
                style={{ flex: 1 }}
              />
              <Button type="submit" disabled={!barcode.trim()}>
                Scan
              </Button>
            </Group>
            {camera ? (
              <Suspense fallback={<Text size="sm">Opening the camera…</Text>}>
                <CameraScanner
                  onCode={(code) => onReport({ kind: 'scan', barcode: code })}
                  onDone={() => setCamera(false)}
                />
              </Suspense>
            ) : (
              <Button variant="light" onClick={() => setCamera(true)} w="fit-content">
                Scan with camera
              </Button>
            )}
            {job.stock.length > 0 && (
              <Stack gap={2}>
                {job.stock.map((s) => (
                  <Text key={s.stk_code} size="sm">
                    {job.scanned.includes(s.stk_code) ? '✓' : '○'} {s.stk_quantity} × {s.stk_description} (
                    {s.stk_code})
                  </Text>
                ))}
              </Stack>
            )}
            {job.scanned.length > 0 && (
              <Text size="sm" c="dimmed" data-testid="scanned">
                Scanned: {job.scanned.join(', ')}
              </Text>
            )}
          </Stack>
        </form>
      </Paper>

      {job.next.includes('P') && (
        <Button size="lg" onClick={() => onReport({ kind: 'collected' })}>
          Collected
        </Button>
      )}

      {canDeliver && (
        <Paper withBorder p="sm">
          <Stack gap="sm">
            <Title order={2} fz={16}>
              Delivery
            </Title>
            <TextInput
              label="Signed by"
              value={signedBy}
              onChange={(e) => setSignedBy(e.currentTarget.value)}
              maxLength={50}
              required
            />
            <SignaturePad ref={pad} label="Signature" onChange={setSigned} />
            <Group>
              <FileButton
                accept="image/*"
                capture="environment"
                onChange={(file) => {
                  if (file) void shrinkPhoto(file).then((data) => setPhoto({ name: file.name, data }));
                }}
              >
                {(props) => (
                  <Button variant="default" {...props}>
                    {photo ? 'Change photo' : 'Add a photo'}
                  </Button>
                )}
              </FileButton>
              {photo && <Text size="sm">{photo.name}</Text>}
            </Group>
            <Button size="lg" color="green.8" onClick={deliver} disabled={!signed || !signedBy.trim()}>
              Delivered
            </Button>
          </Stack>
        </Paper>
      )}

      {job.next.includes('E') && (
        <Paper withBorder p="sm">
          <Stack gap="sm">
            <Title order={2} fz={16}>
              Exception
            </Title>
            <Select
              label="Reason"
              data={(exceptions.data ?? []).map((e) => ({ value: e.exc_code, label: e.exc_description }))}
              value={reason}
              onChange={setReason}
              placeholder="Choose a reason"
            />
            <Button
              variant="outline"
              color="red.8"
              disabled={!reason}
              onClick={() => {
                const label = exceptions.data?.find((e) => e.exc_code === reason)?.exc_description ?? '';
                if (reason) onReport({ kind: 'exception', exception: reason, label });
              }}
            >
              Report exception
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
