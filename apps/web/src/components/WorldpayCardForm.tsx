import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { worldpaySettingsQuery } from '../lib/worldpay';

/** What Worldpay's script (worldpay.js) puts on window: its template form. */
interface WorldpayLib {
  useTemplateForm(options: {
    clientKey: string;
    templateCode?: string;
    form: string;
    paymentSection: string;
    display: 'inline' | 'modal';
    reusable: boolean;
    callback: (result: { token?: string } | undefined) => void;
  }): void;
}
declare global {
  interface Window {
    Worldpay?: WorldpayLib;
  }
}

/** Loads a script once per URL; resolves when it has run. */
function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[data-card-form="${CSS.escape(src)}"]`);
  if (existing?.dataset.loaded === 'true') return Promise.resolve();
  return new Promise((ok, fail) => {
    const el = existing ?? document.createElement('script');
    el.addEventListener('load', () => {
      el.dataset.loaded = 'true';
      ok();
    });
    el.addEventListener('error', () => fail(new Error('The card form could not be loaded')));
    if (!existing) {
      el.src = src;
      el.async = true;
      el.dataset.cardForm = src;
      document.head.appendChild(el);
    }
  });
}

interface WorldpayCardFormProps {
  database: string;
  /** The card form's token (spec "bookings…" §4: on token success the wizard goes to page 6). */
  onToken: (token: string) => void;
}

/**
 * The hosted card form (spec "bookings…" §2 page 5, §4 Quote wizard, §7 hosted card provider):
 * Worldpay's template form, loaded from Worldpay with the clientKey and templateName of
 * system/worldpay. The card never touches our page: the form is Worldpay's frame, which hands
 * back a token. 'Worldpay' with the server's message when the provider is not configured.
 */
export function WorldpayCardForm({ database, onToken }: WorldpayCardFormProps) {
  const settings = useQuery(worldpaySettingsQuery(database));
  const section = `worldpay-section-${useId().replace(/[^\w-]/g, '')}`;
  const [failed, setFailed] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const tokenTo = useRef(onToken);
  tokenTo.current = onToken;

  const s = settings.data;
  useEffect(() => {
    if (!s) return;
    let live = true;
    loadScript(s.scriptUrl)
      .then(() => {
        if (!live || !window.Worldpay) return;
        window.Worldpay.useTemplateForm({
          clientKey: s.clientKey,
          templateCode: s.templateName,
          form: `${section}-form`,
          paymentSection: section,
          display: 'inline',
          reusable: false,
          callback: (result) => {
            if (result?.token) tokenTo.current(result.token);
          },
        });
        setReady(true);
      })
      .catch((err: unknown) => live && setFailed((err as Error).message));
    return () => {
      live = false;
    };
  }, [s, section]);

  const error = failed ?? (settings.error ? settings.error.message : null);
  if (error)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Worldpay" role="alert">
        <Text size="sm">{error}</Text>
      </Alert>
    );
  return (
    <Stack gap="xs">
      {!ready && <Loader aria-label="Loading the card form" />}
      <form id={`${section}-form`} onSubmit={(e) => e.preventDefault()}>
        <div id={section} />
      </form>
    </Stack>
  );
}
