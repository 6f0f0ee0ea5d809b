/**
 * Keeps every lead's search text and score filled in. The API writes both with each new lead; leads stored
 * before the `pipeline` migration (or by an instance of an older version during a deploy) have NULLs, which
 * the inbox fills at start-up and, a batch at a time, before each search. The score depends on content (the
 * budget lists, the offers): when those change, every score is recomputed.
 */
import { createHash } from 'node:crypto';
import { getSetting } from '../../db/settings.ts';
import { anyUnindexed, clearScores, saveIndexColumns, unindexedRows } from '../../lead/index-store.ts';
import { leadFromRow } from '../../lead/store.ts';
import type { Storage } from '../../db/storage.ts';
import type { AnalysisFacts } from '../../lead/analysis.ts';
import { leadIndexColumns } from '../../lead/search.ts';
import { REFUSABLE_PURPOSES } from '../../../core/privacy.ts';
import { refusedScoring, UNSCORED } from '../../privacy/refusals.ts';

/** Leads indexed per transaction. */
const BATCH = 500;
const FACTS_SETTING = 'pipeline_score_facts';

/** A fingerprint of what the score is computed from. */
function factsFingerprint(facts: AnalysisFacts): string {
  return createHash('sha256')
    .update(JSON.stringify([facts.lists, facts.offers]))
    .digest('hex')
    .slice(0, 16);
}

export function createSearchIndex(storage: Storage, facts: AnalysisFacts) {
  /** Indexes up to one batch of leads that need it; returns how many. */
  async function batch(): Promise<number> {
    return storage.transaction(async (tx) => {
      const rows = await unindexedRows(tx, BATCH);
      for (const row of rows) {
        // A row no reader understands is marked as searched (empty, last by score) instead of stopping every search.
        let columns = { searchText: '', score: -1 };
        try {
          columns = leadIndexColumns(leadFromRow(row), facts);
        } catch {
          // Left as above; the list reports the row itself when it shows it.
        }
        // Its author refused scoring: it stays without one.
        if (await refusedScoring(tx, row.id)) columns.score = UNSCORED;
        await saveIndexColumns(tx, row.id, columns);
      }
      return rows.length;
    });
  }

  return {
    /** Whether some lead still waits (one look at a partial index). */
    pending(): Promise<boolean> {
      return anyUnindexed(storage);
    },
    /** One batch, when something waits: what a search runs first, so a new lead is found by its texts. */
    async catchUp(): Promise<void> {
      if (await this.pending()) await batch();
    },
    /**
     * Every lead (at start-up); scores are recomputed first if their content changed since last time. Stops
     * between batches once `stopped()` says so (the process is closing).
     */
    async indexAll(stopped: () => boolean = () => false): Promise<number> {
      const fingerprint = factsFingerprint(facts);
      if ((await getSetting(storage, FACTS_SETTING)) !== fingerprint) {
        await storage.transaction(async (tx) => {
          await tx.lock(FACTS_SETTING);
          if ((await getSetting(tx, FACTS_SETTING)) === fingerprint) return;
          await clearScores(tx, REFUSABLE_PURPOSES.scoring);
          await tx.run(
            'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
            [FACTS_SETTING, fingerprint],
          );
        });
      }
      let total = 0;
      for (let done = await batch(); done > 0 && !stopped(); done = await batch()) total += done;
      return total;
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
