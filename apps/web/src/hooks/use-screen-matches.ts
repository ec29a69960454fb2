import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen matches a media query, read at the first render and kept up to date after:
 * Mantine's default reads it in an effect, so a first render laid out for one width and then redone
 * for another moved the page (a layout shift Lighthouse counts, and twice the drawing on a phone).
 */
export const useScreenMatches = (query: string): boolean =>
  useMediaQuery(query, undefined, { getInitialValueInEffect: false });
