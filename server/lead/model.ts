/**
 * A lead as the business reads it: which kind of form it came from and what the visitor sent. The API
 * stores it, the e-mails and the inbox show it, the CSV lists it; none of them needs more than this.
 */
import type { LeadKind } from '../../core/forms/kinds.ts';

export interface Lead {
  id: number;
  kind: LeadKind;
  /** The parsed submission (field name → value); absent fields are missing or undefined. */
  fields: Readonly<Record<string, string | undefined>>;
  /** Path of the page the form was sent from, or `LEAD_FALLBACKS.unknown`. */
  originPage: string;
  /** When the API stored it, ISO 8601 UTC. */
  receivedAt: string;
  /** The language of the page it was sent from (an active code); the default one when absent. */
  language?: string | undefined;
}

/** What a lead's messages and pages print where a value is missing (also stored as the unknown origin page). */
export const LEAD_FALLBACKS = {
  notSpecified: 'No especificada',
  notAvailable: 'No disponible',
  unknown: 'Desconocida',
} as const;

/** The reference the visitor is given: `CONT-<id>`. */
export function referenceOf(id: number): string {
  return `CONT-${id}`;
}
