import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadContentFacts } from './content/load.ts';
import { parseContent } from './content/parse.ts';
import { PRIVACY_FILE, privacySchema } from './content/privacy.ts';
import {
  parseRefusalsHeader,
  parseRetentionStamp,
  refusalsHeaderValue,
  RETENTION_BOUNDS,
  retentionStamp,
  retiredRetentionVariables,
} from './privacy.ts';

describe('retention limits', () => {
  const file = readFileSync(new URL(`../${PRIVACY_FILE}`, import.meta.url), 'utf8');
  const withLeadMonths = (value: string) => file.replace(/^(\s+leadMonths:).*$/m, `$1 ${value}`);

  it('are written once, in the content of the notice, within bounds', () => {
    const { retention } = loadContentFacts().privacy;
    for (const key of ['leadMonths', 'mailBodyDays'] as const) {
      const [min, max] = RETENTION_BOUNDS[key];
      expect(retention[key]).toBeGreaterThanOrEqual(min);
      expect(retention[key]).toBeLessThanOrEqual(max);
    }
  });

  it('refuse a value that is not a whole number within bounds, naming file and field in Spanish', () => {
    for (const bad of ['0', '-3', '2.5', '24 meses', '"24"', '121']) {
      expect(() => parseContent(PRIVACY_FILE, withLeadMonths(bad), privacySchema)).toThrow(
        /content\/privacy\.yaml[\s\S]*retention\.leadMonths[\s\S]*Se espera los meses sin actividad/,
      );
    }
  });

  it('cannot be changed by the variables that once did: a deployment still setting one is told where it went', () => {
    expect(retiredRetentionVariables({ LEAD_RETENTION_MONTHS: '', MAIL_BODY_RETENTION_DAYS: '  ' })).toEqual([]);
    const refusals = retiredRetentionVariables({ LEAD_RETENTION_MONTHS: '12', MAIL_BODY_RETENTION_DAYS: '7' });
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toMatch(
      /^LEAD_RETENTION_MONTHS ya no se lee: .*content\/privacy\.yaml \(retention\.leadMonths\)/,
    );
    expect(refusals[1]).toMatch(/^MAIL_BODY_RETENTION_DAYS .*\(retention\.mailBodyDays\)/);
  });
});

describe('the refusals header', () => {
  it('lists the refused purposes once each, sorted, and is absent when nothing was refused', () => {
    expect(refusalsHeaderValue(['promociones', 'boletin', 'boletin'])).toBe('boletin,promociones');
    expect(refusalsHeaderValue([])).toBeUndefined();
    // An id that could break the header (a comma, a line break) never reaches it.
    expect(refusalsHeaderValue(['a,b', 'x\r\nSet-Cookie: y', 'Boletin'])).toBeUndefined();
  });

  it('is read back limited to the voluntary purposes in force', () => {
    expect(parseRefusalsHeader('boletin, promociones ,perfilado', ['boletin', 'promociones'])).toEqual([
      'boletin',
      'promociones',
    ]);
    expect(parseRefusalsHeader(undefined, ['boletin'])).toEqual([]);
    expect(parseRefusalsHeader('x'.repeat(100_000), ['boletin'])).toEqual([]);
  });
});

describe('the retention stamp of the built notice', () => {
  it('reads back the limits it was written from, and nothing else', () => {
    const policy = { leadMonths: 18, mailBodyDays: 7 };
    expect(parseRetentionStamp(retentionStamp(policy))).toEqual(policy);
    for (const text of [
      '',
      'leadMonths=24',
      'leadMonths=-1;mailBodyDays=30',
      '<script>',
      'leadMonths=24;mailBodyDays=30;x=1',
    ])
      expect(parseRetentionStamp(text)).toBeUndefined();
  });
});
