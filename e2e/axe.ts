import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Runs axe-core (every rule it enables by default, best practices included) on what the page shows
 * now, open modals and popovers included, and fails listing each violation: rule id, impact, the
 * elements it found and axe's summary of what to fix.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  if (violations.length === 0) return;
  const lines = violations.flatMap((v) => [
    `- ${v.id} (${v.impact ?? 'no impact'}): ${v.help}`,
    ...v.nodes.map(
      (n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
    ),
  ]);
  throw new Error(
    `axe found ${violations.length} violation(s) on ${label} (${page.url()}):\n${lines.join('\n')}`,
  );
}
