import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';

/** What the delivery form asks of the pad. */
export interface SignaturePadHandle {
  /** The drawing as base64 PNG (no data: prefix), or null when nothing was drawn. */
  png(): string | null;
  clear(): void;
}

interface SignaturePadProps {
  label: string;
  onChange?: (drawn: boolean) => void;
}

/**
 * A signature drawn with a finger, a pen or the mouse on a canvas (pointer events; about 60 lines,
 * so no library). The canvas keeps the device's pixel ratio so the PNG is sharp; black on white.
 */
export const SignaturePad = forwardRef<SignaturePadHandle, SignaturePadProps>(function SignaturePad(
  { label, onChange },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const drawnRef = useRef(false);

  const reset = () => {
    const c = canvas.current;
    if (!c) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = Math.round(c.clientWidth * ratio);
    c.height = Math.round(c.clientHeight * ratio);
    const g = c.getContext('2d');
    if (!g) return;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.fillStyle = '#fff';
    g.fillRect(0, 0, c.clientWidth, c.clientHeight);
    g.lineWidth = 2.5;
    g.lineCap = 'round';
    g.lineJoin = 'round';
    g.strokeStyle = '#111';
    drawnRef.current = false;
    setDrawn(false);
    onChange?.(false);
  };

  // Sized once mounted, when the canvas has its laid-out width.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) reset();
    first.current = false;
  });

  useImperativeHandle(ref, () => ({
    png: () => (drawn && canvas.current ? canvas.current.toDataURL('image/png').split(',')[1]! : null),
    clear: reset,
  }));

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    let down = false;
    const at = (e: PointerEvent) => {
      const r = c.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top] as const;
    };
    const start = (e: PointerEvent) => {
      down = true;
      c.setPointerCapture(e.pointerId);
      const g = c.getContext('2d');
      const [x, y] = at(e);
      g?.beginPath();
      g?.moveTo(x, y);
      e.preventDefault();
    };
    const move = (e: PointerEvent) => {
      if (!down) return;
      const g = c.getContext('2d');
      const [x, y] = at(e);
      g?.lineTo(x, y);
      g?.stroke();
      if (!drawnRef.current) {
        drawnRef.current = true;
        setDrawn(true);
        onChange?.(true);
      }
      e.preventDefault();
    };
    const end = () => {
      down = false;
    };
    c.addEventListener('pointerdown', start);
    c.addEventListener('pointermove', move);
    c.addEventListener('pointerup', end);
    c.addEventListener('pointercancel', end);
    return () => {
      c.removeEventListener('pointerdown', start);
      c.removeEventListener('pointermove', move);
      c.removeEventListener('pointerup', end);
      c.removeEventListener('pointercancel', end);
    };
  }, [onChange]);

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="signature-label">
        {label}
      </Text>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby="signature-label"
        data-testid="signature-pad"
        style={{
          width: '100%',
          height: 180,
          touchAction: 'none',
          border: '1px solid var(--mantine-color-gray-5)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: '#fff',
        }}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {drawn ? 'Signed' : 'Sign in the box with a finger'}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={reset} disabled={!drawn}>
          Clear signature
        </Button>
      </Group>
    </Stack>
  );
});
