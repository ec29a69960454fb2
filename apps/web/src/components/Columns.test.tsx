import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Columns } from './Columns';

describe('Columns', () => {
  it("sets every breakpoint's count, each left out taking the one below, so a grid inside another keeps its own", () => {
    const { container } = render(
      <Columns cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
        <Columns cols={{ base: 1, sm: 2 }} spacing="sm">
          <p>Order number</p>
        </Columns>
      </Columns>,
    );
    const [outer, inner] = [...container.querySelectorAll<HTMLElement>('div')];
    const counts = (el: HTMLElement) =>
      ['base', 'xs', 'sm', 'md', 'lg'].map((at) => el.style.getPropertyValue(`--cols-${at}`));
    expect(counts(outer!)).toEqual(['1', '1', '1', '2', '3']);
    expect(counts(inner!)).toEqual(['1', '1', '2', '2', '2']);
    expect(inner!.style.getPropertyValue('--columns-gap')).toBe('var(--mantine-spacing-sm)');
    expect(container.querySelectorAll('style')).toHaveLength(0);
  });
});
