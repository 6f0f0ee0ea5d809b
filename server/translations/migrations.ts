/**
 * The translation edits made in the inbox (module `translations`). Each edit is a row and none is ever
 * changed: the text a key shows in a language is its latest row, a revert is a new row with an older text,
 * and who changed what, when, from what, is the table itself. `source_text` keeps the default language's
 * text the edit was written against, so a translation whose original changed since is seen as outdated.
 */
import { forBothEngines } from '../db/ddl.ts';
import type { Migration, Storage } from '../db/storage.ts';

export const TRANSLATIONS_MODULE = 'translations';

export const TRANSLATIONS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'translation edits with their author and history',
    sql: forBothEngines(
      ({ id, ref }) => `
        CREATE TABLE translation_edits (
          id ${id},
          locale TEXT NOT NULL,
          key TEXT NOT NULL,
          text TEXT NOT NULL,
          previous TEXT NOT NULL,
          source_text TEXT NOT NULL,
          user_id ${ref} REFERENCES inbox_users (id),
          reverts ${ref} REFERENCES translation_edits (id),
          created_at TEXT NOT NULL
        );
        CREATE INDEX translation_edits_key ON translation_edits (locale, key, id);
      `,
    ),
  },
];

export function migrateTranslations(storage: Storage): Promise<number[]> {
  return storage.migrate(TRANSLATIONS_MODULE, TRANSLATIONS_MIGRATIONS);
}
