import { describe, expect, it } from 'vitest';
import { describePostgresUrl } from '../postgres.ts';
import { toSqlitePlaceholders } from './placeholders.ts';

describe('one SQL text for both engines', () => {
  it('turns $n into ?n outside quoted text', () => {
    expect(toSqlitePlaceholders('SELECT * FROM t WHERE a = $1 AND b IN ($2, $10)')).toBe(
      'SELECT * FROM t WHERE a = ?1 AND b IN (?2, ?10)',
    );
    expect(toSqlitePlaceholders("SELECT '$1 cuesta', 'it''s $2' WHERE x = $3")).toBe(
      "SELECT '$1 cuesta', 'it''s $2' WHERE x = ?3",
    );
  });

  it('never logs a PostgreSQL password', () => {
    expect(describePostgresUrl('postgres://angram:s3cr3t@db.interna:5432/angram')).toBe(
      'postgres://db.interna:5432/angram',
    );
    expect(describePostgresUrl('no es url')).toBe('postgres');
  });
});
