/**
 * The initials of a person's name for a monogram: the first letter of the first word and of the last
 * ("Luis Fernando Treviño" → "LT"), uppercase; one letter for a one-word name. Particles of a surname
 * ("de", "del", "la", "y") are skipped, so "Ana de la Garza" gives "AG".
 */
const PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'y']);

export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word, index) => index === 0 || !PARTICLES.has(word.toLowerCase()));
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words.at(-1) ?? '') : '';
  return `${first.charAt(0)}${last.charAt(0)}`.toLocaleUpperCase('es-MX');
}
