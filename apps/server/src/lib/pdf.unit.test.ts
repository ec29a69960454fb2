import { describe, expect, it } from 'vitest';
import { warmDocuments } from './pdf';

describe('warmDocuments', () => {
  it('renders a throwaway PDF page with both fonts, a barcode and a table', async () => {
    expect(await warmDocuments()).toBeGreaterThan(1000);
  });
});
