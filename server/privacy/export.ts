/**
 * What a person is handed when they ask for their data (acceso): their requests laid out by the form they
 * used, with the form's own labels, and every other record the registry marks for export (meetings, e-mails
 * with their text, notes, refusals, objections, their ARCO requests), as JSON and as a text anyone can read.
 */
import {
  APPOINTMENT_PATTERN,
  DATE_PATTERN,
  formatAppointmentLong,
  formatDayMonthYear,
  formatShortDateTime,
} from '../../core/dates.ts';
import type { FormLists } from '../../core/forms/options.ts';
import { SITE } from '../../core/site.ts';
import { leadFromRow } from '../lead/store.ts';
import type { Queryable, Row } from '../db/storage.ts';
import { attributionRows } from '../lead/attribution.ts';
import { fieldRows, leadForm } from '../lead/fields.ts';
import { LEAD_FALLBACKS, referenceOf } from '../lead/model.ts';
import { REGISTRY, type ExportSpec } from './registry.ts';
import { linkedRows } from './rows.ts';
import type { Subject } from './subject.ts';

export interface ExportedLead {
  referencia: string;
  recibida: string;
  formulario: string;
  paginaDeOrigen: string;
  datos: Array<{ campo: string; valor: string }>;
  /** Where the visit came from: source, medium, campaign, landing page and referrer, as the team sees it. */
  origenDeLaVisita: Array<{ campo: string; valor: string }>;
  reunion: string | null;
}

/**
 * Where each personal column of a lead goes in the document (`notas`: explained there, not repeated), so
 * a test can hold the export to the registry: a column the registry lists and the export leaves out fails.
 */
export const LEAD_EXPORT: Readonly<Record<string, keyof ExportedLead | 'notas' | 'copia'>> = {
  name: 'datos',
  email: 'datos',
  company: 'datos',
  phone: 'datos',
  fields: 'datos',
  attribution: 'origenDeLaVisita',
  appointment: 'reunion',
  client_hash: 'notas',
  // Its text is the name, e-mail, company, phone and message above, without accents.
  search_text: 'copia',
};

export interface ExportedRecord {
  titulo: string;
  filas: Array<Record<string, string>>;
}

export interface AccessDocument {
  titulo: string;
  responsable: string;
  titular: { correo: string };
  generado: string;
  solicitudes: ExportedLead[];
  registros: ExportedRecord[];
  notas: string[];
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A stored value as a person reads it: dates in Mexico City, fixed values by their labels. */
function shown(value: unknown, labels?: Readonly<Record<string, string>>): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  if (labels && Object.hasOwn(labels, text)) return labels[text] ?? text;
  if (ISO_INSTANT.test(text)) return `${formatShortDateTime(new Date(text))} (hora de la Ciudad de México)`;
  if (APPOINTMENT_PATTERN.test(text)) return `${formatAppointmentLong(text)} (hora de la Ciudad de México)`;
  if (DATE_PATTERN.test(text)) return formatDayMonthYear(text);
  return text;
}

function exportedRow(spec: ExportSpec, row: Row): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof row.lead_id === 'number') out.Solicitud = referenceOf(row.lead_id);
  for (const [column, label] of Object.entries(spec.columns)) out[label] = shown(row[column], spec.values?.[column]);
  return { ...out, ...(spec.extra?.(row) ?? {}) };
}

/** The document for `email` (the address the person asked from, or the one their data is under). */
export async function accessDocument(
  db: Queryable,
  subject: Subject,
  email: string,
  lists: FormLists,
  formNames: Readonly<Record<string, string>>,
  now: Date,
): Promise<AccessDocument> {
  const solicitudes: ExportedLead[] = [];
  const registros: ExportedRecord[] = [];
  for (const entry of REGISTRY) {
    if (!entry.export) continue;
    const rows = await linkedRows(db, entry, subject);
    if (entry.export === 'leads') {
      for (const row of rows) {
        const lead = leadFromRow(row);
        solicitudes.push({
          referencia: referenceOf(lead.id),
          recibida: shown(lead.receivedAt),
          formulario: formNames[leadForm(lead)] ?? lead.kind,
          paginaDeOrigen: lead.originPage || LEAD_FALLBACKS.unknown,
          datos: fieldRows(lead, lists).map((field) => ({ campo: field.label, valor: field.value })),
          origenDeLaVisita: attributionRows(lead.attribution).map((row) => ({ campo: row.label, valor: row.value })),
          reunion: lead.appointment ? shown(lead.appointment) : null,
        });
      }
      continue;
    }
    if (rows.length === 0) continue;
    const spec = entry.export;
    registros.push({ titulo: spec.title, filas: rows.map((row) => exportedRow(spec, row)) });
  }
  return {
    titulo: 'Tus datos personales en poder de Angram',
    responsable: SITE.legalName,
    titular: { correo: email.trim().toLowerCase() },
    generado: now.toISOString(),
    solicitudes,
    registros,
    notas: [
      `Con cada solicitud guardamos también un seudónimo cifrado de la dirección IP desde la que se envió (nunca la dirección misma); sirve solo para frenar envíos abusivos y no te identifica.`,
      `Para pedir que corrijamos, cancelemos o dejemos de usar estos datos, responde al correo con el que te enviamos este documento.`,
    ],
  };
}

/** The same document as plain text, in the order a person reads it. */
export function accessText(document: AccessDocument): string {
  const lines: string[] = [
    document.titulo,
    '='.repeat(document.titulo.length),
    '',
    `Responsable: ${document.responsable}`,
    `Titular: ${document.titular.correo}`,
    `Generado: ${shown(document.generado)}`,
    '',
  ];
  const heading = (title: string) => lines.push(title, '-'.repeat(title.length));
  heading('Solicitudes que nos enviaste');
  if (document.solicitudes.length === 0) lines.push('Ninguna.');
  for (const lead of document.solicitudes) {
    lines.push('', `${lead.referencia} · ${lead.formulario} · recibida ${lead.recibida}`);
    lines.push(`  Página de origen: ${lead.paginaDeOrigen}`);
    for (const field of lead.datos) lines.push(`  ${field.campo}: ${field.valor.replace(/\n/g, '\n    ')}`);
    lines.push('  Origen de la visita:');
    for (const row of lead.origenDeLaVisita) lines.push(`    ${row.campo}: ${row.valor}`);
    if (lead.reunion) lines.push(`  Reunión: ${lead.reunion}`);
  }
  for (const record of document.registros) {
    lines.push('');
    heading(record.titulo);
    for (const row of record.filas) {
      lines.push('');
      for (const [label, value] of Object.entries(row)) lines.push(`  ${label}: ${value.replace(/\n/g, '\n    ')}`);
    }
  }
  lines.push('');
  heading('Notas');
  for (const note of document.notas) lines.push(note);
  return `${lines.join('\n')}\n`;
}
