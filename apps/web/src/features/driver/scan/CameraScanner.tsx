import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { createBarcodeReader } from './barcode-reader';
import { startScanLoop } from './scan-loop';

/** Why the camera could not be used, in words a driver understands. */
function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'camera access was refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'this device has no camera';
  if (name === 'NotReadableError') return 'the camera is in use by another app';
  if (!navigator.mediaDevices?.getUserMedia) return 'this browser cannot use the camera here';
  return 'the barcode reader could not be loaded';
}

interface CameraScannerProps {
  /** Called once for each barcode newly in view, with its text. */
  onCode: (code: string) => void;
  /** Closes the scanner (the camera is released on unmount). */
  onDone: () => void;
}

/**
 * Barcode scanning with the phone's camera (issue 10 §2): the back camera's picture, read about
 * four times a second; each code newly in view is passed to `onCode` (the page sends it as a scan,
 * a trace record, exactly as a typed one) and announced. Stays open for the next parcel until
 * Done. When the camera or reader cannot be used it says why; the typed box still works.
 * Rendered inside the driver's job view, loaded lazily with the ZXing reader.
 */
export default function CameraScanner({ onCode, onDone }: CameraScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning' | { problem: string }>('starting');
  const [codes, setCodes] = useState<string[]>([]);
  const report = useRef(onCode);
  report.current = onCode;

  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopLoop: (() => void) | undefined;
    let cancelled = false;
    (async () => {
      const reader = await createBarcodeReader();
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } },
        audio: false,
      });
      if (cancelled || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play();
      setState('scanning');
      stopLoop = startScanLoop(reader, video.current, (code) => {
        navigator.vibrate?.(80);
        setCodes((seen) => [code, ...seen.filter((c) => c !== code)]);
        report.current(code);
      });
    })().catch((err: unknown) => {
      if (!cancelled) setState({ problem: cameraProblem(err) });
    });
    return () => {
      cancelled = true;
      stopLoop?.();
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <Stack gap="xs">
      {typeof state === 'object' ? (
        <Alert color="red" title="Camera not available">
          The camera could not be used: {state.problem}. Type the barcode instead.
        </Alert>
      ) : (
        <>
          <video
            ref={video}
            muted
            playsInline
            aria-label="Camera picture"
            style={{ width: '100%', maxHeight: 320, background: '#000', borderRadius: 4, objectFit: 'cover' }}
          />
          <Group gap="xs">
            {state === 'starting' && <Loader size="xs" />}
            <Text size="sm">
              {state === 'starting' ? 'Opening the camera…' : 'Point the camera at a barcode'}
            </Text>
          </Group>
        </>
      )}
      <Text size="sm" role="status" aria-live="polite" data-testid="camera-scanned">
        {codes.length > 0 ? `Scanned ${codes.join(', ')}` : ''}
      </Text>
      <Button variant="default" onClick={onDone} w="fit-content">
        Done
      </Button>
    </Stack>
  );
}
