/**
 * "Actualizado el 22 de noviembre de 2026": the wiki's last-updated date in Mexican Spanish.
 * Frontmatter dates are calendar days that YAML reads as UTC midnight, which in Mexico City is still
 * the evening before; the day is anchored at noon Mexico City time before formatting there.
 */
import { SITE } from '../../../core/site.ts';

const formatter = new Intl.DateTimeFormat(SITE.locale, { dateStyle: 'long', timeZone: SITE.timeZone });

/** `YYYY-MM-DD` of a frontmatter date (its UTC calendar day). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function formatWikiDate(date: Date): string {
  // Mexico City is UTC-6 all year since October 2022: 18:00 UTC is noon there.
  const noon = new Date(`${isoDay(date)}T18:00:00Z`);
  return formatter.format(noon);
}
