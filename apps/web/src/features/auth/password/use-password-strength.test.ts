import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { usePasswordStrength } from './use-password-strength';

/** A scorer that answers the score written at the end of the password ('x79' scores 79). */
const scorer = vi.hoisted(() =>
  vi.fn((password: string, _userInputs?: string[]) => Number(/\d+$/.exec(password)?.[0] ?? 0)),
);
vi.mock('./strength', () => ({ passwordScore: scorer }));

async function strengthOf(password: string, username?: string) {
  const { result } = renderHook(() => usePasswordStrength(password, username));
  await waitFor(() => expect(result.current).not.toBeNull());
  return result.current!;
}

describe('usePasswordStrength', () => {
  it('gives the level as the score divided by 20, whole part', async () => {
    expect(await strengthOf('x0')).toEqual({ score: 0, level: 0 });
    expect(await strengthOf('x19')).toEqual({ score: 19, level: 0 });
    expect(await strengthOf('x20')).toEqual({ score: 20, level: 1 });
    expect(await strengthOf('x59')).toEqual({ score: 59, level: 2 });
    expect(await strengthOf('x79')).toEqual({ score: 79, level: 3 });
    expect(await strengthOf('x80')).toEqual({ score: 80, level: 4 });
    expect(await strengthOf('x99')).toEqual({ score: 99, level: 4 });
    expect(await strengthOf('x100')).toEqual({ score: 100, level: 5 });
  });

  it('passes the username as a known word', async () => {
    await strengthOf('x40', 'sam');
    expect(scorer).toHaveBeenLastCalledWith('x40', ['sam']);
    await strengthOf('x40');
    expect(scorer).toHaveBeenLastCalledWith('x40', []);
  });

  it('follows the password as it changes', async () => {
    const { result, rerender } = renderHook(({ password }) => usePasswordStrength(password), {
      initialProps: { password: 'x10' },
    });
    await waitFor(() => expect(result.current?.level).toBe(0));
    rerender({ password: 'x65' });
    expect(result.current).toEqual({ score: 65, level: 3 });
  });
});

describe('usePasswordStrength loading', () => {
  it('does not fetch the scorer before a password is typed', async () => {
    vi.resetModules();
    const imported = vi.fn();
    vi.doMock('./strength', () => {
      imported();
      return { passwordScore: scorer };
    });
    const { usePasswordStrength: fresh } = await import('./use-password-strength');
    const { result, rerender } = renderHook(({ password }) => fresh(password), {
      initialProps: { password: '' },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(imported).not.toHaveBeenCalled();
    expect(result.current).toBeNull();
    rerender({ password: 'x42' });
    await waitFor(() => expect(result.current).toEqual({ score: 42, level: 2 }));
    expect(imported).toHaveBeenCalledTimes(1);
    vi.doUnmock('./strength');
  });
});
