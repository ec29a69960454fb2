import { useEffect, useRef } from 'react';
import type { QuoteView } from '@courier/contracts';
import { hasExpired, msUntilExpiry, type WizardPage } from './quote-wizard';

/**
 * Calls `onExpired` once when the quote runs out while a page before 7 shows it (spec "bookings…"
 * §4: 15 minutes from the tariffs page): at once if it already has, else by a timer set to its
 * `expires_at`. A new quote (another guid) arms it again.
 */
export function useQuoteExpiry(view: QuoteView | undefined, page: WizardPage, onExpired: () => void): void {
  const fired = useRef<string | null>(null);
  const callback = useRef(onExpired);
  callback.current = onExpired;
  useEffect(() => {
    if (!view || fired.current === view.guid) return;
    const fire = () => {
      if (fired.current === view.guid || !hasExpired(view, page, Date.now())) return;
      fired.current = view.guid;
      callback.current();
    };
    if (hasExpired(view, page, Date.now())) {
      fire();
      return;
    }
    // setTimeout holds at most 2^31-1 ms; a quote lasts 15 minutes, well inside it.
    const timer = setTimeout(fire, msUntilExpiry(view, Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [view, page]);
}
