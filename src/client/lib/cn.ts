import { twMerge } from 'tailwind-merge';

/**
 * Join class names, skipping falsy ones; where two set the same thing (`size-10` then `size-8`,
 * `text-left` then `text-right`), the later one wins. A plain join left the winner to the order of
 * Tailwind's stylesheet, so a caller's `className` could be silently lost (a 32 px avatar drawn at
 * 40, a compact button at full height).
 */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return twMerge(classes);
}
