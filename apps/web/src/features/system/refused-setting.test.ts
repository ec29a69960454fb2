import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { refusedSetting } from './use-settings-draft';

describe('refusedSetting', () => {
  it('names the refused setting, as its row may be on a tab not open; nothing for other failures', () => {
    const refused = new ApiError(400, 'VALIDATION', 'values.SupportEmail: Must be an e-mail address', {
      'values.SupportEmail': 'Must be an e-mail address',
    });
    expect(refusedSetting(refused)).toBe('SupportEmail: Must be an e-mail address');
    expect(refusedSetting(new ApiError(500, 'INTERNAL', 'An unexpected error occurred'))).toBeUndefined();
    expect(refusedSetting(new Error('offline'))).toBeUndefined();
  });
});
