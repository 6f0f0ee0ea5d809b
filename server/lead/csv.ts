/** Stored leads as CSV rows for the sales team: readable labels, Mexico City dates, one lead per row. */
import type { Attribution } from '../../core/attribution.ts';
import { formatAppointmentShort, formatShortDateTime } from '../../core/dates.ts';
import { LEAD_KINDS } from '../../core/forms/kinds.ts';
import { SITE } from '../../core/site.ts';
import { FIELD_LABELS, type FieldName } from '../../core/forms/labels.ts';
import { analyzeLead, type AnalysisFacts } from './analysis.ts';
import { ATTRIBUTION_CSV_HEADER, attributionCsvCells } from './attribution.ts';
import { fieldText } from './fields.ts';
import { leadLanguageName } from './language.ts';
import { LEAD_FALLBACKS, referenceOf, type Lead } from './model.ts';
import { csvRow, UTF8_BOM } from './csv-cells.ts';
import { spreadsheetPhone } from './phone.ts';

/** Form fields in their own columns; the meeting and the service have dedicated ones. */
const FIELD_COLUMNS = (Object.keys(FIELD_LABELS) as FieldName[]).filter(
  (field) => field !== 'appointmentDate' && field !== 'serviceType',
);

/**
 * What the sales team did with a lead, as the CSV prints it (the inbox reads it from its tables; a lead
 * nobody touched is `NO_WORK`). Columns of another part of the pipeline go after these.
 */
export interface LeadWork {
  /** The status's label ("Propuesta"). */
  status: string;
  /** The assignee's name, '' when unassigned. */
  assignee: string;
  /** "Eligió a otro proveedor: …", '' unless lost. */
  lostReason: string;
  /** Whole pesos: a bare number, so a spreadsheet can add them up. */
  valueMxn: number | null;
  /** `YYYY-MM-DD` dates. */
  closeDate: string | null;
  nextStepDate: string | null;
  nextStep: string | null;
}

export const NO_WORK: LeadWork = {
  status: 'Nuevo',
  assignee: '',
  lostReason: '',
  valueMxn: null,
  closeDate: null,
  nextStepDate: null,
  nextStep: null,
};

const WORK_COLUMNS = [
  'Estado',
  'Responsable',
  'Motivo de pérdida',
  'Valor (MXN)',
  'Cierre esperado',
  'Siguiente paso',
  'Fecha del siguiente paso',
];

/** `2026-12-15` as `15/12/2026`. */
const dayText = (date: string | null) => (date ? date.split('-').reverse().join('/') : '');

function workCells(work: LeadWork): Array<string | number | null> {
  return [
    work.status,
    work.assignee,
    work.lostReason,
    work.valueMxn,
    dayText(work.closeDate),
    work.nextStep,
    dayText(work.nextStepDate),
  ];
}

/** What a row reads of a stored lead (server/lead/store.ts's `StoredLead` is one). */
export interface ExportedLead extends Lead {
  /** Mexico City slot `YYYY-MM-DDTHH:mm`, when one was booked. */
  appointment: string | undefined;
  attribution?: Attribution | undefined;
}

export const CSV_HEADER = [
  'Referencia',
  `Recibido (${SITE.timeZoneName})`,
  'Formulario',
  'Servicio',
  ...FIELD_COLUMNS.map((field) => FIELD_LABELS[field]),
  `Reunión (${SITE.timeZoneName})`,
  'Página de origen',
  'Idioma',
  'Puntuación',
  'Prioridad',
  ...ATTRIBUTION_CSV_HEADER,
  ...WORK_COLUMNS,
];

export function leadCsvRow(lead: ExportedLead, facts: AnalysisFacts, work: LeadWork = NO_WORK): string {
  const text = (field: string) => fieldText(lead, field, facts.lists) ?? '';
  const analysis = analyzeLead(lead, facts);
  return csvRow([
    referenceOf(lead.id),
    formatShortDateTime(new Date(lead.receivedAt)),
    LEAD_KINDS[lead.kind].label,
    text('serviceType'),
    ...FIELD_COLUMNS.map((field) => (field === 'phone' ? spreadsheetPhone(text(field)) : text(field))),
    lead.appointment ? formatAppointmentShort(lead.appointment) : '',
    lead.originPage || LEAD_FALLBACKS.unknown,
    leadLanguageName(lead.language),
    analysis.score,
    analysis.priority,
    ...attributionCsvCells(lead.attribution),
    ...workCells(work),
  ]);
}

/** A lead and what the team did with it: one CSV row. */
export interface WorkedLead {
  lead: ExportedLead;
  work: LeadWork;
}

/** Writes the BOM, the header and one row per lead through `write`; returns the number of leads. */
export async function writeLeadsCsv(
  leads: AsyncIterable<WorkedLead> | Iterable<WorkedLead>,
  facts: AnalysisFacts,
  write: (chunk: string) => void,
): Promise<number> {
  write(`${UTF8_BOM}${csvRow(CSV_HEADER)}`);
  let count = 0;
  for await (const { lead, work } of leads) {
    write(leadCsvRow(lead, facts, work));
    count += 1;
  }
  return count;
}
