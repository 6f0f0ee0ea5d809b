/**
 * Personal-data facts that code enforces and the privacy notice states, so the two can never disagree:
 * the shape of the retention limits (their values are content, content/privacy.yaml, read by the build and
 * the server alike), how long the business has to answer an ARCO request, and how a visitor's refusal of a
 * voluntary purpose travels with a submission.
 */

export interface RetentionPolicy {
  /** A lead with no activity for this many months is anonymised. */
  leadMonths: number;
  /** The body of a delivered e-mail is erased this many days after delivery (the delivery record stays). */
  mailBodyDays: number;
}

/** Bounds that keep a typo (0, 2400) from erasing everything or keeping it forever. */
export const RETENTION_BOUNDS: Record<keyof RetentionPolicy, readonly [number, number]> = {
  leadMonths: [1, 120],
  mailBodyDays: [1, 3650],
};

/**
 * Variables that once changed the limits per deployment. The limits now live in content/privacy.yaml,
 * where the notice and the server both read them; a deployment still setting one expects an effect it
 * would not get, so the server refuses to start and says where the limit moved.
 */
export const RETIRED_RETENTION_VARIABLES = {
  LEAD_RETENTION_MONTHS: 'retention.leadMonths',
  MAIL_BODY_RETENTION_DAYS: 'retention.mailBodyDays',
} as const;

/** The refusal for each retired variable still set in `env` (none when they are all absent or blank). */
export function retiredRetentionVariables(env: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(RETIRED_RETENTION_VARIABLES)
    .filter(([name]) => env[name]?.trim())
    .map(
      ([name, field]) =>
        `${name} ya no se lee: el plazo se cambia en content/privacy.yaml (${field}), que leen el aviso y el servidor; quita la variable`,
    );
}

/**
 * What the law gives the business to answer an ARCO request (acceso, rectificación, cancelación, oposición)
 * or a revocation: the decision within `answer` business days of receiving it, and, when it proceeds, the
 * change within `effect` business days of that answer.
 */
export const ARCO_DEADLINE_DAYS = { answer: 20, effect: 15 } as const;

/**
 * The request header that carries the voluntary purposes a visitor refused in a form (their ids,
 * comma-separated). The JSON body keeps exactly the contract's keys, so the refusal travels beside it.
 * Absent when nothing was refused.
 */
export const PRIVACY_REFUSALS_HEADER = 'X-Privacy-Refusals';

const PURPOSE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The header's value for these refused purposes, or `undefined` when there are none. */
export function refusalsHeaderValue(ids: readonly string[]): string | undefined {
  const valid = [...new Set(ids.filter((id) => PURPOSE_ID.test(id)))].sort();
  return valid.length > 0 ? valid.join(',') : undefined;
}

/**
 * The refused purposes a header names, limited to `known` (the voluntary purposes of the notice in force):
 * an unknown or malformed id is dropped, so a forged header cannot record anything else.
 */
export function parseRefusalsHeader(value: string | undefined, known: readonly string[]): string[] {
  if (!value) return [];
  const allowed = new Set(known);
  const ids = value
    .slice(0, 1000)
    .split(',')
    .map((id) => id.trim())
    .filter((id) => allowed.has(id));
  return [...new Set(ids)].sort();
}

/**
 * The `<meta>` of the built privacy notice that records the retention limits it states, so the server can
 * tell at start whether the site it serves was built from the content it enforces (a site built before an
 * edit of content/privacy.yaml and not rebuilt since).
 */
export const RETENTION_META = 'angram-retention';

/** The meta's content: `leadMonths=24;mailBodyDays=30`. */
export function retentionStamp(policy: RetentionPolicy): string {
  return `leadMonths=${policy.leadMonths};mailBodyDays=${policy.mailBodyDays}`;
}

/** The limits a stamp states, or `undefined` when it is not one. */
export function parseRetentionStamp(text: string): RetentionPolicy | undefined {
  const match = /^leadMonths=(\d{1,4});mailBodyDays=(\d{1,5})$/.exec(text.trim());
  if (!match) return undefined;
  return { leadMonths: Number(match[1]), mailBodyDays: Number(match[2]) };
}

/**
 * Voluntary purposes the product honours when a visitor refuses them in a form (content/privacy.yaml lists
 * them with these ids): the lead is stored without its visit's origin (landing page, referrer, UTM), or
 * without a score and revenue estimate.
 */
export const REFUSABLE_PURPOSES = { attribution: 'origen-de-la-visita', scoring: 'puntuacion' } as const;
