/**
 * The performance page's table of first-load bytes, read from `bench/lighthouse-summary.json` (written by
 * `npm run bench`): each page type's bytes and JavaScript beside its goal (src/lib/budgets.ts) and the
 * equivalent page of AstroWind or Starlight, with its Lighthouse performance and TBT. Pure, so it can be
 * tested without a build; a summary from before these fields existed gives no table rather than a wrong one.
 */
import { z } from 'zod';
import { firstLoadBudget } from '../budgets.ts';

const pageSchema = z.object({
  type: z.string(),
  label: z.string(),
  path: z.string(),
  performance: z.number(),
  tbtMs: z.number(),
  bytes: z.number(),
  jsBytes: z.number(),
  peer: z.object({ name: z.string(), kib: z.number() }).nullable(),
});

const summarySchema = z.object({ measuredAt: z.string(), pages: z.array(pageSchema).min(1) });

export interface FirstLoadRow {
  label: string;
  path: string;
  /** First load in KiB, its goal and the JavaScript part. */
  kib: number;
  goalKib: number;
  jsKib: number;
  peer: { name: string; kib: number } | null;
  performance: number;
  tbtMs: number;
}

export interface FirstLoadTable {
  measuredAt: string;
  rows: FirstLoadRow[];
}

const KIB = 1024;

export function firstLoadTable(summary: unknown): FirstLoadTable | null {
  const parsed = summarySchema.safeParse(summary);
  if (!parsed.success) return null;
  return {
    measuredAt: parsed.data.measuredAt,
    rows: parsed.data.pages.map((page) => ({
      label: page.label,
      path: page.path,
      kib: page.bytes / KIB,
      goalKib: firstLoadBudget(page.path) / KIB,
      jsKib: page.jsBytes / KIB,
      peer: page.peer,
      performance: page.performance,
      tbtMs: page.tbtMs,
    })),
  };
}
