/**
 * The dashboard's leads by origin, as the database grouped them (server/admin/store/origins.ts): per source,
 * campaign and landing page, how many leads arrived, how many are won now, and what the won ones are worth.
 * The ten largest groups are shown by name; the rest are added up in one «Otros» row, so a campaign typo
 * cannot push the chart off the page.
 */

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

/** The largest groups first, the ones past `shown - 1` added up in one «Otros» row. */
function topGroups(groups: readonly OriginGroup[], shown: number): OriginGroup[] {
  const sorted = [...groups].sort(
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

export function originBreakdown(groups: OriginBreakdown, shown = ORIGIN_GROUPS_SHOWN): OriginBreakdown {
  return {
    bySource: topGroups(groups.bySource, shown),
    byCampaign: topGroups(groups.byCampaign, shown),
    byLanding: topGroups(groups.byLanding, shown),
  };
}
