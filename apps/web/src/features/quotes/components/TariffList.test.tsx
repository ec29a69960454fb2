import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { QuoteTariff } from '@courier/contracts';
import { renderApp } from '../../../test/render';
import { TariffList } from './TariffList';

const tariff = (ttyp_tariff: number, ttyp_description: string): QuoteTariff => ({
  ttyp_tariff,
  ttyp_description,
  success: true,
  total: 42.5,
  hold: 5,
  netvat: 7.08,
  distance: 12.4,
  time: 40,
  lines: [{ kind: 'base', label: 'Base charge', amount: 35.42 }],
});
const TARIFFS = [tariff(5, 'Small van'), tariff(6, 'Large van')];

describe('TariffList', () => {
  it('keeps the tariff being chosen pressed and enabled (focus stays on it), the others wait', () => {
    renderApp(<TariffList tariffs={TARIFFS} chosen={null} symbol="£" choosing={5} onChoose={() => {}} />);
    const small = screen.getByRole('button', { name: /Choose\s*Small van/ });
    const large = screen.getByRole('button', { name: /Choose\s*Large van/ });
    expect(small.getAttribute('aria-pressed')).toBe('true');
    expect((small as HTMLButtonElement).disabled).toBe(false);
    expect((large as HTMLButtonElement).disabled).toBe(true);
  });

  it('presses the chosen tariff once no choice is under way', () => {
    renderApp(<TariffList tariffs={TARIFFS} chosen={6} symbol="£" choosing={null} onChoose={() => {}} />);
    expect(screen.getByRole('button', { name: /Choose\s*Large van/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: /Choose\s*Small van/ }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect((screen.getByRole('button', { name: /Choose\s*Small van/ }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
