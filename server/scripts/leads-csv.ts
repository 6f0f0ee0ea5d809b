/** Stored leads as CSV rows for the sales team: readable labels, Mexico City dates, one lead per row. */
import { formatAppointmentShort, formatShortDateTime } from '../../src/lib/datetime.ts';
import type { StoredLead } from '../db/leads.ts';
import { analyzeLead } from '../email/analysis.ts';
import { fieldText, FIELD_LABELS, referenceOf } from '../email/lead.ts';
import { UNKNOWN_PAGE } from '../api/client.ts';
import { csvRow } from './csv.ts';

const FORM_NAMES: Record<number, string> = {
  1: 'Contacto rápido',
  2: 'Contacto completo',
  3: 'Iniciar proyecto',
  4: 'Consultoría',
};

/** Form fields in their own columns; the meeting and the service have dedicated ones. */
const FIELD_COLUMNS = Object.keys(FIELD_LABELS).filter((field) => field !== 'appointmentDate' && field !== 'serviceType');

export const CSV_HEADER = [
  'Referencia',
  'Recibido (CDMX)',
  'Formulario',
  'Servicio',
  ...FIELD_COLUMNS.map((field) => FIELD_LABELS[field] ?? field),
  'Reunión (CDMX)',
  'Página de origen',
  'Puntuación',
  'Prioridad',
];

export function leadCsvRow(lead: StoredLead): string {
  const facts = { formType: lead.formType, fields: lead.fields };
  const analysis = analyzeLead(facts);
  return csvRow([
    referenceOf(lead.id),
    formatShortDateTime(new Date(lead.receivedAt)),
    FORM_NAMES[lead.formType] ?? String(lead.formType),
    fieldText(facts, 'serviceType') ?? '',
    ...FIELD_COLUMNS.map((field) => fieldText(facts, field) ?? ''),
    lead.appointment ? formatAppointmentShort(lead.appointment) : '',
    lead.originPage || UNKNOWN_PAGE,
    analysis.score,
    analysis.priority,
  ]);
}

/** Writes the BOM, the header and one row per lead through `write`; returns the number of leads. */
export async function writeLeadsCsv(leads: AsyncIterable<StoredLead> | Iterable<StoredLead>, write: (chunk: string) => void): Promise<number> {
  write(`\uFEFF${csvRow(CSV_HEADER)}`);
  let count = 0;
  for await (const lead of leads) {
    write(leadCsvRow(lead));
    count += 1;
  }
  return count;
}
