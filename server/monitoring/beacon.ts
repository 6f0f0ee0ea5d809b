/**
 * A beacon's body checked before anything of it is counted: the content types `sendBeacon` sends (a
 * string goes as text/plain, a JSON Blob as application/json), at most `BEACON_MAX_BYTES`, JSON of the
 * shape of core/monitoring/beacon.ts, a page the site has, known vitals with finite values in range. A
 * beacon failing any of it is refused whole: nothing of it is kept.
 */
import { z } from 'zod';
import { CONNECTION_TYPES, type Beacon } from '../../core/monitoring/beacon.ts';
import { VITAL_MAX } from '../../core/monitoring/histogram.ts';
import { VITALS, type Vital } from '../../core/monitoring/levels.ts';

export type BeaconRefusal = 'content-type' | 'too-large' | 'malformed' | 'unknown-page';

export type BeaconVerdict = { ok: true; beacon: Beacon } | { ok: false; reason: BeaconRefusal };

const label = z
  .string()
  .max(150)
  .regex(/^[^\p{Cc}\p{Cf}\p{Co}\p{Cn}]*$/u);

const vitalValue = (vital: Vital) => z.number().min(0).max(VITAL_MAX[vital]);

const vitalsShape = Object.fromEntries(VITALS.map((vital) => [vital, vitalValue(vital).optional()])) as Record<
  Vital,
  z.ZodOptional<z.ZodNumber>
>;

const beaconSchema = z.strictObject({
  page: z.string().min(1).max(300).startsWith('/'),
  vitals: z.strictObject(vitalsShape),
  connection: z.enum(CONNECTION_TYPES).optional(),
  view: z.strictObject({ source: label.optional(), campaign: label.optional() }).optional(),
  rate: z.number().gt(0).max(1),
});

/** `text/plain` or `application/json`, with no charset or UTF-8. */
export function isBeaconContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [mediaType = '', ...parameters] = header.split(';');
  if (!['text/plain', 'application/json'].includes(mediaType.trim().toLowerCase())) return false;
  return parameters.every((parameter) => {
    const [name = '', value = ''] = parameter.split('=', 2).map((part) => part.trim().toLowerCase());
    return name !== 'charset' || ['utf-8', 'utf8'].includes(value.replace(/^"(.*)"$/, '$1'));
  });
}

/** A site path without trailing slashes (`/` stays `/`). */
export function normalisePage(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Judges a received body; `pages` holds the site's paths, normalised. */
export function judgeBeacon(body: string, pages: ReadonlySet<string>): BeaconVerdict {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = beaconSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const page = normalisePage(parsed.data.page);
  if (!pages.has(page)) return { ok: false, reason: 'unknown-page' };
  const { connection, view, vitals, rate } = parsed.data;
  const beacon: Beacon = { page, vitals: {}, rate };
  for (const vital of VITALS) {
    const value = vitals[vital];
    if (value !== undefined) beacon.vitals[vital] = value;
  }
  if (connection) beacon.connection = connection;
  if (view) {
    beacon.view = {};
    if (view.source) beacon.view.source = view.source;
    if (view.campaign) beacon.view.campaign = view.campaign;
  }
  if (Object.keys(beacon.vitals).length === 0 && !beacon.view) return { ok: false, reason: 'malformed' };
  return { ok: true, beacon };
}
