/** Stored leads as CSV rows for the sales team: readable labels, Mexico City dates, one lead per row. */
import { formatAppointmentShort, formatShortDateTime } from '../../core/dates.ts';
import { kindOfFormType, LEAD_KINDS } from '../../core/forms/kinds.ts';
import { FIELD_LABELS, type FieldName } from '../../core/forms/labels.ts';
import type { StoredLead } from '../db/leads.ts';
import { analyzeLead, type AnalysisFacts } from './analysis.ts';
import { fieldText, referenceOf } from './fields.ts';
import { UNKNOWN_PAGE } from '../api/client.ts';
import { csvRow } from './csv-cells.ts';

/** Form fields in their own columns; the meeting and the service have dedicated ones. */
const FIELD_COLUMNS = (Object.keys(FIELD_LABELS) as FieldName[]).filter(
  (field) => field !== 'appointmentDate' && field !== 'serviceType',
);

export const CSV_HEADER = [
  'Referencia',
  'Recibido (CDMX)',
  'Formulario',
  'Servicio',
  ...FIELD_COLUMNS.map((field) => FIELD_LABELS[field]),
  'Reunión (CDMX)',
  'Página de origen',
  'Puntuación',
  'Prioridad',
];

export function leadCsvRow(lead: StoredLead, facts: AnalysisFacts): string {
  const kind = kindOfFormType(lead.formType);
  const shape = kind ? { kind, fields: lead.fields } : undefined;
  const text = (field: string) => (shape ? fieldText(shape, field, facts.lists) : lead.fields[field]) ?? '';
  const analysis = shape ? analyzeLead(shape, facts) : undefined;
  return csvRow([
    referenceOf(lead.id),
    formatShortDateTime(new Date(lead.receivedAt)),
    kind ? LEAD_KINDS[kind].label : String(lead.formType),
    text('serviceType'),
    ...FIELD_COLUMNS.map(text),
    lead.appointment ? formatAppointmentShort(lead.appointment) : '',
    lead.originPage || UNKNOWN_PAGE,
    analysis?.score ?? '',
    analysis?.priority ?? '',
  ]);
}

/** Writes the BOM, the header and one row per lead through `write`; returns the number of leads. */
export async function writeLeadsCsv(
  leads: AsyncIterable<StoredLead> | Iterable<StoredLead>,
  facts: AnalysisFacts,
  write: (chunk: string) => void,
): Promise<number> {
  write(`\uFEFF${csvRow(CSV_HEADER)}`);
  let count = 0;
  for await (const lead of leads) {
    write(leadCsvRow(lead, facts));
    count += 1;
  }
  return count;
}
