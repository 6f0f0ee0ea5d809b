import { describe, expect, it } from 'vitest';
import { formatWikiDate, isoDay } from './dates.ts';

describe('formatWikiDate', () => {
  it('prints a frontmatter day (UTC midnight) as that same day in Mexican Spanish', () => {
    const day = new Date('2026-11-22T00:00:00.000Z');
    expect(isoDay(day)).toBe('2026-11-22');
    expect(formatWikiDate(day)).toBe('22 de noviembre de 2026');
  });

  it('keeps the day at both ends of the year', () => {
    expect(formatWikiDate(new Date('2027-01-01T00:00:00.000Z'))).toBe('1 de enero de 2027');
    expect(formatWikiDate(new Date('2026-12-31T00:00:00.000Z'))).toBe('31 de diciembre de 2026');
  });
});
