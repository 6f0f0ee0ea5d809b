/** Stored leads as CSV rows for the sales team: readable labels, Mexico City dates, one lead per row. */
import { formatAppointmentShort, formatShortDateTime } from '../../core/dates.ts';
import { LEAD_KINDS } from '../../core/forms/kinds.ts';
import { FIELD_LABELS, type FieldName } from '../../core/forms/labels.ts';
import type { StoredLead } from '../db/leads.ts';
import { analyzeLead, type AnalysisFacts } from './analysis.ts';
import { ATTRIBUTION_CSV_HEADER, attributionCsvCells } from './attribution.ts';
import { fieldText } from './fields.ts';
import { LEAD_FALLBACKS, referenceOf } from './model.ts';
import { csvRow, UTF8_BOM } from './csv-cells.ts';

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
  ...ATTRIBUTION_CSV_HEADER,
];

export function leadCsvRow(lead: StoredLead, facts: AnalysisFacts): string {
  const text = (field: string) => fieldText(lead, field, facts.lists) ?? '';
  const analysis = analyzeLead(lead, facts);
  return csvRow([
    referenceOf(lead.id),
    formatShortDateTime(new Date(lead.receivedAt)),
    LEAD_KINDS[lead.kind].label,
    text('serviceType'),
    ...FIELD_COLUMNS.map(text),
    lead.appointment ? formatAppointmentShort(lead.appointment) : '',
    lead.originPage || LEAD_FALLBACKS.unknown,
    analysis.score,
    analysis.priority,
    ...attributionCsvCells(lead.attribution),
  ]);
}

/** Writes the BOM, the header and one row per lead through `write`; returns the number of leads. */
export async function writeLeadsCsv(
  leads: AsyncIterable<StoredLead> | Iterable<StoredLead>,
  facts: AnalysisFacts,
  write: (chunk: string) => void,
): Promise<number> {
  write(`${UTF8_BOM}${csvRow(CSV_HEADER)}`);
  let count = 0;
  for await (const lead of leads) {
    write(leadCsvRow(lead, facts));
    count += 1;
  }
  return count;
}
