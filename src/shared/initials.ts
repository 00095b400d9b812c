/** Initials from a name: first letter of each word, upper-cased, at most 3 (spec §3). */
export function deriveInitials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
  return Array.from(letters).slice(0, 3).join('');
}
