/**
 * What the dashboard's money is computed from: values by status, won deals with their day, closed deals;
 * from the weekly summary where it holds them, else from the lead's money store (server/lead/money-store.ts).
 */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Queryable } from '../../db/storage.ts';
import { closedRows, valueByStatusRows, wonRows } from '../../lead/money-store.ts';
import { isLeadStatus } from '../lifecycle.ts';
import type { ClosedDeals, StatusValue, WonDeal } from '../money.ts';
import { closedSince, summaryWeekAt, valuesByStatus } from './summary.ts';

const statusValueRow = rowParser(
  'pipeline_deals',
  z.object({ status: z.string(), deals: z.number().int(), value: z.number().nullable() }),
);

const wonRow = rowParser(
  'leads',
  z
    .object({ bucket: z.string(), deals: z.coerce.number().int(), value_mxn: z.coerce.number().int() })
    .transform((row): WonDeal => ({
      deals: row.deals,
      valueMxn: row.value_mxn,
      // A UTC day other than a month's first lies in one Mexico City month (UTC-5 or UTC-6) whatever its
      // hour; a first of the month is kept by the hour, which is in one local day.
      wonAt: row.bucket.length === 10 ? `${row.bucket}T12:00:00.000Z` : `${row.bucket}:00:00.000Z`,
    })),
);

/** Leads with a deal value by status, counted from the leads (the summary's reference). */
export async function countValuesByStatus(db: Queryable): Promise<StatusValue[]> {
  const rows = await valueByStatusRows(db);
  return rows
    .map(statusValueRow)
    .flatMap((row) =>
      isLeadStatus(row.status) ? [{ status: row.status, deals: row.deals, valueMxn: row.value ?? 0 }] : [],
    );
}

/** Won and lost leads received since `receivedSince`, counted from the leads (the summary's reference). */
export async function countClosed(db: Queryable, receivedSince: string): Promise<ClosedDeals[]> {
  const rows = await closedRows(db, receivedSince);
  return rows
    .map(statusValueRow)
    .flatMap((row) =>
      row.status === 'ganado' || row.status === 'perdido'
        ? [{ status: row.status, count: row.deals, valueMxn: row.value ?? 0 }]
        : [],
    );
}

export async function moneyRows(
  db: Queryable,
  receivedSince: string,
): Promise<{ byStatus: StatusValue[]; won: WonDeal[]; closed: ClosedDeals[] }> {
  // Values by status and closed deals come from the dashboard's weekly summary (./summary.ts) when the
  // period starts one of its weeks; the won deals from
  // the won time copied onto each lead (./won-migrations.ts), grouped by the database.
  const week = summaryWeekAt(receivedSince);
  const [byStatus, won, closed] = await Promise.all([
    valuesByStatus(db),
    wonRows(db),
    week === undefined ? countClosed(db, receivedSince) : closedSince(db, week),
  ]);
  return { byStatus, won: won.map(wonRow), closed };
}
