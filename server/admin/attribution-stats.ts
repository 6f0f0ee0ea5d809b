/**
 * The dashboard's leads by origin, pure: per source and per campaign, how many leads arrived, how many are
 * won now, and what the won ones are worth when a deal value is known; also per landing page. The ten largest
 * groups are shown by name; the rest are added up in one «Otros» row, so a campaign typo cannot push the chart off the page.
 */
import type { Attribution } from '../../core/attribution.ts';
import { attributionCampaign, attributionSource, NO_CAMPAIGN } from '../lead/attribution.ts';

export interface AttributionStatsRow {
  attribution?: Attribution | undefined;
  status: string;
  /** The deal's value in MXN, when the team recorded one. */
  value?: number | null | undefined;
}

export interface OriginGroup {
  label: string;
  leads: number;
  won: number;
  /** Sum of the known values of the won leads (MXN); 0 when none is known. */
  wonValue: number;
}

export interface OriginBreakdown {
  bySource: OriginGroup[];
  byCampaign: OriginGroup[];
  byLanding: OriginGroup[];
}

/** Groups shown by name (the top ten); the others share one row. */
export const ORIGIN_GROUPS_SHOWN = 10;
export const OTHER_ORIGINS = 'Otros';
/** The dashboard's group for leads whose visit's first page is unknown. */
export const NO_LANDING = 'Sin página de entrada';

function grouped(
  rows: readonly AttributionStatsRow[],
  labelOf: (row: AttributionStatsRow) => string,
  shown: number,
): OriginGroup[] {
  const groups = new Map<string, OriginGroup>();
  for (const row of rows) {
    const label = labelOf(row);
    const group = groups.get(label) ?? { label, leads: 0, won: 0, wonValue: 0 };
    group.leads += 1;
    if (row.status === 'ganado') {
      group.won += 1;
      if (typeof row.value === 'number' && Number.isFinite(row.value) && row.value > 0) group.wonValue += row.value;
    }
    groups.set(label, group);
  }
  const sorted = [...groups.values()].sort(
    (a, b) => b.leads - a.leads || b.wonValue - a.wonValue || a.label.localeCompare(b.label, 'es-MX'),
  );
  if (sorted.length <= shown) return sorted;
  const rest = sorted.slice(shown - 1).reduce(
    (sum, group) => ({
      label: OTHER_ORIGINS,
      leads: sum.leads + group.leads,
      won: sum.won + group.won,
      wonValue: sum.wonValue + group.wonValue,
    }),
    { label: OTHER_ORIGINS, leads: 0, won: 0, wonValue: 0 },
  );
  return [...sorted.slice(0, shown - 1), rest];
}

export function originBreakdown(rows: readonly AttributionStatsRow[], shown = ORIGIN_GROUPS_SHOWN): OriginBreakdown {
  return {
    bySource: grouped(rows, (row) => attributionSource(row.attribution), shown),
    byCampaign: grouped(rows, (row) => attributionCampaign(row.attribution) ?? NO_CAMPAIGN, shown),
    byLanding: grouped(rows, (row) => row.attribution?.landing ?? NO_LANDING, shown),
  };
}
