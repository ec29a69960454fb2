import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * The password strength score behind the meter (spec "access…" §5: the meter shows the score divided
 * by 20, whole part). This module carries zxcvbn's dictionaries (a few MB), so it is only ever
 * loaded with a dynamic import() by use-password-strength.ts.
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...commonDictionary, ...englishDictionary },
  graphs: adjacencyGraphs,
  translations,
});

/** log10 of the guesses that score 100: 10^12.5 guesses and more. */
const FULL_SCORE_LOG10 = 12.5;

/**
 * A 0–100 score from zxcvbn's estimate of the guesses needed: guessesLog10 / 12.5 × 100, capped.
 * Each meter level (score / 20) is then 2.5 orders of magnitude of guesses; level 4 starts at 10^10
 * guesses, where zxcvbn's own top score 4 starts, and level 5 needs 10^12.5. `userInputs` (the
 * username) count as known words.
 */
export function passwordScore(password: string, userInputs: string[] = []): number {
  if (!password) return 0;
  const { guessesLog10 } = zxcvbn.check(password, userInputs.filter(Boolean));
  return Math.max(0, Math.min(100, Math.round((guessesLog10 / FULL_SCORE_LOG10) * 100)));
}
