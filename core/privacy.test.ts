import { describe, expect, it } from 'vitest';
import {
  parseRefusalsHeader,
  parseRetentionStamp,
  refusalsHeaderValue,
  RETENTION_DEFAULTS,
  RETENTION_VARIABLES,
  retentionPolicy,
  retentionStamp,
} from './privacy.ts';

describe('retention limits', () => {
  it('are 24 months for an idle lead and 30 days for a delivered e-mail body by default', () => {
    expect(retentionPolicy()).toEqual({ leadMonths: 24, mailBodyDays: 30 });
    expect(retentionPolicy({ LEAD_RETENTION_MONTHS: '', MAIL_BODY_RETENTION_DAYS: '  ' })).toEqual(RETENTION_DEFAULTS);
  });

  it('follow the variables the API reads, so the notice states what the server does', () => {
    expect(
      retentionPolicy({ [RETENTION_VARIABLES.leadMonths]: '12', [RETENTION_VARIABLES.mailBodyDays]: ' 7 ' }),
    ).toEqual({ leadMonths: 12, mailBodyDays: 7 });
  });

  it('refuse a value that is not a whole number within bounds, naming the variable', () => {
    for (const bad of ['0', '-3', '2.5', '24 meses', '121', '1e2']) {
      expect(() => retentionPolicy({ LEAD_RETENTION_MONTHS: bad })).toThrow(/^LEAD_RETENTION_MONTHS debe ser/);
    }
    expect(() => retentionPolicy({ MAIL_BODY_RETENTION_DAYS: '9999' })).toThrow(/MAIL_BODY_RETENTION_DAYS/);
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
    const policy = retentionPolicy({ LEAD_RETENTION_MONTHS: '18', MAIL_BODY_RETENTION_DAYS: '7' });
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
