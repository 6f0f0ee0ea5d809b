/**
 * The life of a lead in the inbox: nuevo → contactado → propuesta → ganado | perdido. Pure rules. Steps
 * may be skipped forward (a call can end in a proposal the same day) and taken back where a sales team
 * would: a mistaken click, a proposal to rework, a won deal that fell through before signing, a lost lead
 * that writes again. Any open status closes either way (a first call can close the deal). Losing needs a
 * reason (from content/lost-reasons.yaml) and winning a value, so the pipeline and its money can be read
 * later.
 */
import { defaultRoot } from '../../core/content/load.ts';
import { readLostReasons } from '../../core/content/lost-reasons.ts';
import { LEAD_STATUSES, STATUS_LABELS, type LeadStatus } from '../lead/status.ts';

// The statuses belong to the lead (the export of a person's data names them too); the inbox's code reads
// them here, beside the rules that move a lead between them.
export { LEAD_STATUSES, STATUS_LABELS, type LeadStatus } from '../lead/status.ts';

/** Where each status may go next. */
export const TRANSITIONS: Readonly<Record<LeadStatus, readonly LeadStatus[]>> = {
  nuevo: ['contactado', 'propuesta', 'ganado', 'perdido'],
  contactado: ['nuevo', 'propuesta', 'ganado', 'perdido'],
  propuesta: ['contactado', 'ganado', 'perdido'],
  ganado: ['propuesta'],
  perdido: ['contactado', 'propuesta'],
};

/** Statuses that mean someone has talked to the lead: the first change to one of them is the first contact. */
export const CONTACTED_STATUSES: ReadonlySet<LeadStatus> = new Set(['contactado', 'propuesta', 'ganado']);

/** The reasons a lead is lost with, as editors keep them in content/lost-reasons.yaml (read once, at start). */
const LOST_REASON_LIST = readLostReasons(defaultRoot());

/** Reason id → its label. */
const LOST_REASONS: Readonly<Record<string, string>> = Object.fromEntries(
  LOST_REASON_LIST.map((reason) => [reason.id, reason.label]),
);
type LostReason = string;
/** The lost form's options, in the file's order. */
export const LOST_REASON_CHOICES: ReadonlyArray<{ value: LostReason; label: string }> = LOST_REASON_LIST.map(
  (reason) => ({ value: reason.id, label: reason.label }),
);
/** Reasons that are only said in the detail (an «Otro motivo»). */
const DETAIL_REQUIRED: ReadonlySet<string> = new Set(
  LOST_REASON_LIST.filter((reason) => reason.needsDetail).map((reason) => reason.id),
);
/** The detail field's hint: which reasons require it. */
export const LOST_DETAIL_HINT = DETAIL_REQUIRED.size
  ? `Obligatorio con ${[...DETAIL_REQUIRED].map((id) => `«${LOST_REASONS[id] ?? id}»`).join(' o ')}.`
  : 'Opcional: cuenta más del motivo.';

export const LOST_DETAIL_MAX_LENGTH = 500;

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);
}

export function isLostReason(value: unknown): value is LostReason {
  return typeof value === 'string' && Object.hasOwn(LOST_REASONS, value);
}

export function canMove(from: LeadStatus, to: LeadStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export interface StatusChange {
  to: LeadStatus;
  /** Only for perdido. */
  reason?: LostReason;
  /** Free text; required when the reason is "otro". */
  detail?: string;
}

export type StatusChangeResult =
  { ok: true; change: StatusChange } | { ok: false; field: 'status' | 'reason' | 'detail'; message: string };

/** Checks a requested change against the current status; the messages are the form's. */
export function checkStatusChange(
  from: LeadStatus,
  input: { to: unknown; reason?: unknown; detail?: unknown },
): StatusChangeResult {
  if (!isLeadStatus(input.to)) return { ok: false, field: 'status', message: 'Elige un estado de la lista.' };
  const to = input.to;
  if (to === from) return { ok: false, field: 'status', message: `El lead ya está en «${STATUS_LABELS[to]}».` };
  if (!canMove(from, to)) {
    return {
      ok: false,
      field: 'status',
      message: `Un lead en «${STATUS_LABELS[from]}» no puede pasar a «${STATUS_LABELS[to]}».`,
    };
  }
  const detail = typeof input.detail === 'string' ? input.detail.trim() : '';
  if (detail.length > LOST_DETAIL_MAX_LENGTH) {
    return {
      ok: false,
      field: 'detail',
      message: `El detalle puede tener como máximo ${LOST_DETAIL_MAX_LENGTH} caracteres.`,
    };
  }
  if (to !== 'perdido') return { ok: true, change: { to } };
  if (!isLostReason(input.reason))
    return { ok: false, field: 'reason', message: 'Para marcarlo como perdido, elige el motivo.' };
  if (DETAIL_REQUIRED.has(input.reason) && !detail)
    return { ok: false, field: 'detail', message: 'Escribe el motivo en el detalle.' };
  return { ok: true, change: detail ? { to, reason: input.reason, detail } : { to, reason: input.reason } };
}

/** "Eligió a otro proveedor: contrató in-house" */
export function lostReasonText(reason: string | undefined, detail: string | undefined): string {
  // A reason no longer in the list still shows, by its id.
  const label = isLostReason(reason) ? LOST_REASONS[reason] : reason;
  return [label, detail].filter(Boolean).join(': ');
}
