import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render';
import { digitsOnly, NumericInput } from './NumericInput';

describe('digitsOnly', () => {
  it('strips everything but digits and cuts to the length', () => {
    expect(digitsOnly('a1b2-3 4', 10)).toBe('1234');
    expect(digitsOnly('1234567', 4)).toBe('1234');
    expect(digitsOnly('12.5', 4)).toBe('125');
    expect(digitsOnly('abc', 4)).toBe('');
  });

  it('keeps one decimal point for weights', () => {
    expect(digitsOnly('12.5kg', 6, true)).toBe('12.5');
    expect(digitsOnly('1.2.3', 6, true)).toBe('1.23');
    expect(digitsOnly('.5', 6, true)).toBe('.5');
    expect(digitsOnly('123.456', 5, true)).toBe('123.4');
  });
});

function Quantity({ decimal = false }: { decimal?: boolean }) {
  const [value, setValue] = useState('');
  return <NumericInput label="Quantity" value={value} onChange={setValue} maxLength={4} decimal={decimal} />;
}

describe('NumericInput', () => {
  it('drops the non-digits as they are typed and stops at its length', async () => {
    const { user } = renderApp(<Quantity />);
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await user.type(input, '1x2-3');
    expect(input).toHaveProperty('value', '123');
    await user.type(input, '456');
    expect(input).toHaveProperty('value', '1234');
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });

  it('strips pasted text before cutting it to its length', async () => {
    const { user } = renderApp(<Quantity decimal />);
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await user.click(input);
    await user.paste('about 2.75 kg');
    expect(input).toHaveProperty('value', '2.75');
    await user.clear(input);
    await user.paste('Weight: 1234.5');
    expect(input).toHaveProperty('value', '1234');
    expect(input.getAttribute('inputmode')).toBe('decimal');
  });
});
