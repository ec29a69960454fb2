import { useEffect, useMemo, useState } from 'react';
import { strengthLevel } from '@courier/contracts';

type ScoreFn = (password: string, userInputs?: string[]) => number;
let loading: Promise<ScoreFn> | undefined;
/**
 * Loads the zxcvbn scorer once, when the first character of a new password is typed: its dictionaries
 * are the app's largest file, so a password screen is usable before they come and the other screens
 * never fetch them.
 */
const loadScorer = () => (loading ??= import('./strength').then((m) => m.passwordScore));

/** The meter's reading: the 0–100 score and its level 0–5. */
export interface PasswordStrength {
  score: number;
  level: number;
}

/**
 * Strength of `password` for the meter (spec "access…" §5: level = score / 20, whole part); null
 * until something is typed and while the scorer loads. The username is passed as a known word.
 */
export function usePasswordStrength(password: string, username = ''): PasswordStrength | null {
  const [score, setScore] = useState<ScoreFn | null>(null);
  const typed = password !== '';
  useEffect(() => {
    if (!typed || score) return;
    let live = true;
    loadScorer()
      .then((fn) => live && setScore(() => fn))
      .catch(() => undefined); // no meter rather than a broken form
    return () => {
      live = false;
    };
  }, [typed, score]);
  return useMemo(() => {
    if (!score) return null;
    const value = score(password, username ? [username] : []);
    return { score: value, level: strengthLevel(value) };
  }, [score, password, username]);
}
