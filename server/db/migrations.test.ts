import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INBOX_MIGRATIONS } from '../admin/store/migrations.ts';
import { ACCESS_MIGRATIONS } from './access-migrations.ts';
import { PIPELINE_MIGRATIONS } from '../admin/store/pipeline-migrations.ts';
import { MIGRATIONS } from './migrations.ts';
import { migrationSql, type Migration } from './storage.ts';

/** The statements of a script, comments and indentation aside: what a database actually ran. */
const statements = (sql: string) =>
  sql
    .split('\n')
    .map((line) => line.replace(/--.*$/, '').trim())
    .filter(Boolean)
    .join('\n');

const fingerprint = (sql: string) => createHash('sha256').update(statements(sql)).digest('hex').slice(0, 16);

/**
 * What every applied version runs, per engine. Existing databases ran exactly this: an edit would leave
 * them with other tables than a new one gets. A new version is appended (and its line added here).
 */
const APPLIED = {
  'leads 1 sqlite': '6f236ef4bf7c7022',
  'leads 1 postgres': 'f89d8fdc116638fd',
  'leads 2 sqlite': 'd829f41e85c6e4d0',
  'leads 2 postgres': '4c037b3c9d178028',
  'leads 3 sqlite': '3a69bd25d08efc4d',
  'leads 3 postgres': '3a69bd25d08efc4d',
  'inbox 1 sqlite': 'e138555c3793fbfa',
  'inbox 1 postgres': '47d9d8b3ab2d21c3',
  'access 1 sqlite': '49ea2e4967793d01',
  'access 1 postgres': '6fbe145e87764537',
  'pipeline 1 sqlite': '0c9c989bc9e9dff8',
  'pipeline 1 postgres': 'e5ca13a0d6d0775c',
  'pipeline 2 sqlite': '804be1471fe525b7',
  'pipeline 2 postgres': '804be1471fe525b7',
  'pipeline 3 sqlite': 'b2303eadadc9ed6a',
  'pipeline 3 postgres': '794a9a54dbdaa807',
  'pipeline 4 sqlite': '2e325bfb602aea5b',
  'pipeline 4 postgres': '2a2f608d82ffae5e',
};

describe('applied migrations', () => {
  it('run the same statements as when they were first applied, on both engines', () => {
    const modules: Array<[string, readonly Migration[]]> = [
      ['leads', MIGRATIONS],
      ['inbox', INBOX_MIGRATIONS],
      ['access', ACCESS_MIGRATIONS],
      ['pipeline', PIPELINE_MIGRATIONS],
    ];
    const now = Object.fromEntries(
      modules.flatMap(([module, list]) =>
        list.flatMap((migration) =>
          (['sqlite', 'postgres'] as const).map((dialect) => [
            `${module} ${migration.version} ${dialect}`,
            fingerprint(migrationSql(migration, dialect)),
          ]),
        ),
      ),
    );
    expect(Object.fromEntries(Object.keys(APPLIED).map((key) => [key, now[key]]))).toEqual(APPLIED);
  });
});
