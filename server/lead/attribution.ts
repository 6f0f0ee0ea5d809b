/**
 * Where a lead came from, as the team reads it: the source (the campaign's `utm_source`, else the site that
 * sent the visit, else «Directo»), medium, campaign, the page the visit landed on and the referrer. The lead
 * page, the CSV and the dashboard all say it through these functions, so they never disagree.
 */
import type { Attribution } from '../../core/attribution.ts';

/** Nothing is known of the visit: typed in, a bookmark, an app that sends no referrer, or storage refused. */
export const DIRECT_SOURCE = 'Directo';
/** The dashboard's group for leads without `utm_campaign`. */
export const NO_CAMPAIGN = 'Sin campaña';

/** `google.com` for `https://www.google.com/search`: what a person calls the site. */
function siteName(referrer: string): string | undefined {
  if (!URL.canParse(referrer)) return undefined;
  return new URL(referrer).hostname.replace(/^www\./, '') || undefined;
}

export function attributionSource(attribution: Attribution | undefined): string {
  return (
    attribution?.utm_source ?? (attribution?.referrer ? siteName(attribution.referrer) : undefined) ?? DIRECT_SOURCE
  );
}

export function attributionCampaign(attribution: Attribution | undefined): string | undefined {
  return attribution?.utm_campaign;
}

export interface AttributionRow {
  label: string;
  value: string;
}

/** Every known fact, labelled, source first (the source alone, «Directo», when nothing is known). */
export function attributionRows(attribution: Attribution | undefined): AttributionRow[] {
  const rows: AttributionRow[] = [{ label: 'Fuente', value: attributionSource(attribution) }];
  const add = (label: string, value: string | undefined) => {
    if (value) rows.push({ label, value });
  };
  add('Medio', attribution?.utm_medium);
  add('Campaña', attribution?.utm_campaign);
  add('Término', attribution?.utm_term);
  add('Contenido', attribution?.utm_content);
  add('Página de entrada', attribution?.landing);
  add('Referente', attribution?.referrer);
  return rows;
}

/** The CSV's columns for the visit's origin, in this order. */
export const ATTRIBUTION_CSV_HEADER = ['Fuente', 'Medio', 'Campaña', 'Página de entrada', 'Referente'] as const;

export function attributionCsvCells(attribution: Attribution | undefined): string[] {
  return [
    attributionSource(attribution),
    attribution?.utm_medium ?? '',
    attribution?.utm_campaign ?? '',
    attribution?.landing ?? '',
    attribution?.referrer ?? '',
  ];
}
