/**
 * The one owner of `translation_edits` (./migrations.ts): records an edit, reads the text each edited key
 * shows now, a key's history with its authors, and the latest edit's number, which every instance compares
 * with the one it last applied.
 */
import type { Queryable } from '../db/storage.ts';

export interface TranslationEdit {
  id: number;
  locale: string;
  key: string;
  text: string;
  previous: string;
  sourceText: string;
  userId: number | null;
  /** The author's name as the inbox shows it; null for an account since removed or a command. */
  author: string | null;
  reverts: number | null;
  createdAt: string;
}

export interface NewEdit {
  locale: string;
  key: string;
  text: string;
  previous: string;
  sourceText: string;
  userId: number | null;
  reverts?: number;
  at: Date;
}

interface EditRow {
  id: number | string;
  locale: string;
  key: string;
  text: string;
  previous: string;
  source_text: string;
  user_id: number | string | null;
  author: string | null;
  reverts: number | string | null;
  created_at: string;
}

const SELECT_EDITS = `
  SELECT e.id, e.locale, e.key, e.text, e.previous, e.source_text, e.user_id, u.name AS author, e.reverts,
         e.created_at
    FROM translation_edits e LEFT JOIN inbox_users u ON u.id = e.user_id`;

function editOf(row: EditRow): TranslationEdit {
  return {
    id: Number(row.id),
    locale: row.locale,
    key: row.key,
    text: row.text,
    previous: row.previous,
    sourceText: row.source_text,
    userId: row.user_id === null ? null : Number(row.user_id),
    author: row.author,
    reverts: row.reverts === null ? null : Number(row.reverts),
    createdAt: row.created_at,
  };
}

/** Locale → key → its latest edit. */
export type CurrentEdits = Map<string, Map<string, TranslationEdit>>;

export function createTranslationStore(db: Queryable) {
  return {
    async record(edit: NewEdit): Promise<number> {
      const row = await db.get<{ id: number | string }>(
        `INSERT INTO translation_edits (locale, key, text, previous, source_text, user_id, reverts, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          edit.locale,
          edit.key,
          edit.text,
          edit.previous,
          edit.sourceText,
          edit.userId,
          edit.reverts ?? null,
          edit.at.toISOString(),
        ],
      );
      return Number(row?.id);
    },

    /** The latest edit of every edited key, by locale. */
    async current(): Promise<CurrentEdits> {
      const rows = await db.all<EditRow>(
        `${SELECT_EDITS}
          WHERE e.id IN (SELECT max(id) FROM translation_edits GROUP BY locale, key)
          ORDER BY e.id`,
      );
      const current: CurrentEdits = new Map();
      for (const edit of rows.map(editOf)) {
        const keys = current.get(edit.locale) ?? new Map<string, TranslationEdit>();
        keys.set(edit.key, edit);
        current.set(edit.locale, keys);
      }
      return current;
    },

    /** Every edit of one key in every language, newest first. */
    async history(key: string): Promise<TranslationEdit[]> {
      const rows = await db.all<EditRow>(`${SELECT_EDITS} WHERE e.key = $1 ORDER BY e.id DESC`, [key]);
      return rows.map(editOf);
    },

    async byId(id: number): Promise<TranslationEdit | undefined> {
      const row = await db.get<EditRow>(`${SELECT_EDITS} WHERE e.id = $1`, [id]);
      return row ? editOf(row) : undefined;
    },

    /** The number of the latest edit (0 before the first): what an instance has applied or not. */
    async version(): Promise<number> {
      const row = await db.get<{ id: number | string | null }>('SELECT max(id) AS id FROM translation_edits');
      return Number(row?.id ?? 0);
    },
  };
}

export type TranslationStore = ReturnType<typeof createTranslationStore>;
