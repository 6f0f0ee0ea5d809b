/**
 * The two messages of every stored enquiry: one to the person who wrote (confirmation, meeting, what
 * they sent) and one to the sales team (the same plus the preliminary analysis, action buttons and the
 * revenue estimate). Pure functions of the lead and the settings: no I/O, no database, so the wiki
 * renders its previews from them at build time.
 */
import { formatAppointmentLong } from '../../src/lib/datetime.ts';
import { whatsappLink, WHATSAPP_GREETINGS } from '../../src/lib/contact.ts';
import { consultingOffers, INFRASTRUCTURE_AUDIT_FACTS } from '../../src/lib/forms/options.ts';
import { FORM_TYPES } from '../../src/lib/forms/schemas.ts';
import { analyzeLead, LEAD_SCORE_DEFAULT } from './analysis.ts';
import { buildIcs, type Meeting } from './calendar.ts';
import { consultantFor } from './consultants.ts';
import { escapeHtml } from './html.ts';
import {
  buttons,
  dataTable,
  heading,
  layout,
  link,
  list,
  panel,
  paragraph,
  subheading,
  textTable,
  type TableRow,
} from './layout.ts';
import { fieldRows, referenceOf, type EmailLead } from './lead.ts';
import { addressOf, type EmailSettings } from './settings.ts';
import { emailSubject, type Audience } from './subjects.ts';
import {
  calendarVariables,
  clientVariables,
  EMAIL_DEFAULTS,
  internalVariables,
  meetingOf,
  type CalendarVariables,
  type ClientVariables,
  type InternalVariables,
} from './variables.ts';

export interface EmailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mailbox {
  name?: string;
  address: string;
}

/** A ready-to-send message; stored as JSON in the outbox. */
export interface EmailMessage {
  audience: Audience;
  from: string;
  to: Mailbox;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
}

export interface EmailVariables {
  client: ClientVariables;
  calendar: CalendarVariables;
  internal: InternalVariables;
}

export function emailVariables(lead: EmailLead, settings: EmailSettings): EmailVariables {
  return {
    client: clientVariables(lead),
    calendar: calendarVariables(lead, settings),
    internal: internalVariables(lead, settings),
  };
}

const TIME_ZONE_NOTE = 'hora del centro de México';
export const ICS_FILENAME = 'reunion.ics';

function meetingWhen(meeting: Meeting): string {
  return `${formatAppointmentLong(meeting.slot)} (${TIME_ZONE_NOTE})`;
}

function icsFor(lead: EmailLead, settings: EmailSettings, meeting: Meeting): EmailAttachment {
  const host = new URL(settings.siteUrl).hostname;
  const content = buildIcs({
    uid: `${referenceOf(lead.id).toLowerCase()}-${meeting.slot.replace(/[-:]/g, '').toLowerCase()}@${host}`,
    stamp: new Date(lead.receivedAt),
    meeting,
    organizer: { name: settings.brandName, email: addressOf(settings.from) },
    attendee: { name: lead.fields.name ?? '', email: lead.fields.email ?? '' },
  });
  return { filename: ICS_FILENAME, content, contentType: 'text/calendar; charset=utf-8; method=REQUEST' };
}

function offerNote(lead: EmailLead): string | undefined {
  const offer = consultingOffers.find((candidate) => candidate.id === lead.fields.serviceType);
  if (!offer) return undefined;
  const price = `${offer.priceFrom ? 'desde ' : ''}USD ${offer.priceUsd.toLocaleString('es-MX')}`;
  const extra =
    offer.id === 'infrastructure-audit'
      ? ` Incluye ${INFRASTRUCTURE_AUDIT_FACTS.supportDays} días de soporte posterior a la auditoría.`
      : '';
  return `${offer.label}: inversión ${price}, duración ${offer.duration}.${extra}`;
}

function clientIntro(lead: EmailLead, vars: EmailVariables): string {
  switch (lead.formType) {
    case FORM_TYPES.project:
      return 'Gracias por confiarnos tu proyecto. Ya estamos revisando lo que nos compartiste: en menos de 24 horas recibirás una estrategia inicial y una propuesta detallada con alcance, tiempos e inversión.';
    case FORM_TYPES.consultancy:
      return `Recibimos tu solicitud de ${vars.client.tipo_consultoria.toLowerCase()}. ${vars.calendar.nombre_consultor} (${vars.calendar.puesto_consultor}) la revisará y te contactará en menos de 24 horas para agendar el diagnóstico.`;
    default:
      return 'Gracias por escribirnos. Recibimos tu mensaje y un especialista te responderá en menos de 2 horas en horario hábil (lunes a viernes de 9:00 a 18:00, hora del centro de México); como máximo, en 24 horas.';
  }
}

function footer(settings: EmailSettings, audience: Audience): { html: string; text: string } {
  const { contact } = settings;
  const chat = whatsappLink(contact.whatsappNumber, WHATSAPP_GREETINGS.general);
  const site = new URL(settings.siteUrl).hostname;
  const why =
    audience === 'client'
      ? `Recibiste este correo porque enviaste un formulario en ${site}.`
      : `Mensaje interno generado por el formulario de ${site}.`;
  return {
    html: [
      `<strong>${escapeHtml(settings.brandName)}</strong> · Desarrollo de software a la medida · Ciudad de México<br>`,
      `${link(contact.mailto, contact.email)} · ${link(contact.tel, contact.phone)} · ${link(chat, 'WhatsApp')}<br>`,
      `Atención: ${escapeHtml(contact.supportHours)} (${TIME_ZONE_NOTE}).<br>`,
      escapeHtml(why),
    ].join('\n'),
    text: [
      `${settings.brandName} · Desarrollo de software a la medida · Ciudad de México`,
      `${contact.email} · ${contact.phone} · WhatsApp: ${chat}`,
      `Atención: ${contact.supportHours} (${TIME_ZONE_NOTE}).`,
      why,
    ].join('\n'),
  };
}

function submittedRows(lead: EmailLead): TableRow[] {
  return fieldRows(lead).map(({ label, value, long }) => ({ label, value, long }));
}

function renderClient(lead: EmailLead, settings: EmailSettings, vars: EmailVariables): EmailMessage {
  const subject = emailSubject(lead.formType, 'client', settings.brandName);
  const meeting = meetingOf(lead, settings);
  const reference = vars.internal.referencia_id;
  const intro = clientIntro(lead, vars);
  const offer = offerNote(lead);
  const rows = submittedRows(lead);
  const foot = footer(settings, 'client');
  const chat = whatsappLink(settings.contact.whatsappNumber, `Hola ${settings.brandName}, les escribo sobre mi solicitud ${reference}.`);

  const html: string[] = [heading(`Hola, ${vars.client.nombre_cliente}`), paragraph(escapeHtml(intro))];
  const text: string[] = [`Hola, ${vars.client.nombre_cliente}`, '', intro, ''];
  if (offer) {
    html.push(paragraph(escapeHtml(offer)));
    text.push(offer, '');
  }
  if (meeting) {
    html.push(
      panel(
        `<p style="margin:0 0 8px;font-weight:700;">Tu reunión quedó agendada</p>` +
          `<p style="margin:0 0 8px;">${escapeHtml(meetingWhen(meeting))}</p>` +
          `<p style="margin:0;">Con ${escapeHtml(vars.calendar.nombre_consultor)}, ${escapeHtml(vars.calendar.puesto_consultor)}. Te enviaremos el enlace de la videollamada antes de la reunión.</p>`,
      ),
      buttons([{ href: vars.calendar.google_calendar_link, label: 'Agregar a Google Calendar' }]),
      paragraph('También adjuntamos la invitación (reunion.ics) para Outlook o Apple Calendar.'),
    );
    text.push(
      'TU REUNIÓN QUEDÓ AGENDADA',
      meetingWhen(meeting),
      `Con ${vars.calendar.nombre_consultor}, ${vars.calendar.puesto_consultor}.`,
      'Te enviaremos el enlace de la videollamada antes de la reunión.',
      `Agregar a Google Calendar: ${vars.calendar.google_calendar_link}`,
      'También adjuntamos la invitación (reunion.ics) para Outlook o Apple Calendar.',
      '',
    );
  } else {
    html.push(paragraph(`¿Prefieres platicarlo ya? ${link(chat, 'Escríbenos por WhatsApp')} y menciona tu referencia.`));
    text.push(`¿Prefieres platicarlo ya? Escríbenos por WhatsApp: ${chat}`, '');
  }
  html.push(
    panel(`<p style="margin:0;">Tu referencia es <strong>${escapeHtml(reference)}</strong>. Menciónala si nos escribes.</p>`),
    dataTable('Esto es lo que nos enviaste', rows),
    paragraph(`Saludos,<br>El equipo de ${escapeHtml(settings.brandName)}`),
  );
  text.push(
    `Tu referencia es ${reference}. Menciónala si nos escribes.`,
    '',
    'ESTO ES LO QUE NOS ENVIASTE',
    textTable(rows),
    '',
    'Saludos,',
    `El equipo de ${settings.brandName}`,
    '',
    '--',
    foot.text,
  );

  return {
    audience: 'client',
    from: settings.from,
    to: { name: lead.fields.name, address: lead.fields.email ?? '' },
    replyTo: settings.salesEmail,
    subject,
    html: layout({
      title: subject,
      preheader: meeting ? `Tu reunión: ${meetingWhen(meeting)}. Referencia ${reference}.` : `Referencia ${reference}. ${intro}`,
      brandName: settings.brandName,
      bodyHtml: html.join('\n'),
      footerHtml: foot.html,
    }),
    text: `${text.join('\n')}\n`,
    attachments: meeting ? [icsFor(lead, settings, meeting)] : [],
  };
}

const INTERNAL_HEADINGS: Record<number, string> = {
  [FORM_TYPES.small]: 'Nuevo contacto',
  [FORM_TYPES.big]: 'Nuevo contacto',
  [FORM_TYPES.project]: 'Nuevo proyecto',
  [FORM_TYPES.consultancy]: 'Nueva solicitud de consultoría',
};

function renderInternal(lead: EmailLead, settings: EmailSettings, vars: EmailVariables): EmailMessage {
  const subject = emailSubject(lead.formType, 'internal', settings.brandName);
  const meeting = meetingOf(lead, settings);
  const analysis = analyzeLead(lead);
  const consultant = consultantFor(lead);
  const reference = vars.internal.referencia_id;
  const who = lead.fields.company ? `${vars.client.nombre_cliente} (${lead.fields.company})` : vars.client.nombre_cliente;
  const title = `${INTERNAL_HEADINGS[lead.formType] ?? 'Nuevo contacto'}: ${who}`;
  const foot = footer(settings, 'internal');

  const replySubject = `${reference} · ${settings.brandName}`;
  const replyGreeting = `Hola ${vars.client.nombre_cliente}, te escribimos de ${settings.brandName} sobre tu solicitud ${reference}.`;
  const actions: { href: string; label: string }[] = [
    {
      href: `mailto:${lead.fields.email ?? ''}?subject=${encodeURIComponent(replySubject)}&body=${encodeURIComponent(`${replyGreeting}\n\n`)}`,
      label: 'Responder por correo',
    },
  ];
  if (lead.fields.phone) actions.push({ href: whatsappLink(lead.fields.phone, replyGreeting), label: 'Escribir por WhatsApp' });
  if (meeting) actions.push({ href: vars.calendar.google_calendar_link, label: 'Agregar a Google Calendar' });

  const summary = `Prioridad ${vars.internal.prioridad} · Puntuación ${vars.internal.lead_score}/100 · ${reference}`;
  const reasons = analysis.reasons.map(
    (reason) => `${reason.points > 0 ? '+' : ''}${reason.points} ${reason.description}`,
  );
  const analysisRows: TableRow[] = [
    { label: 'Puntuación (lead_score)', value: `${vars.internal.lead_score}/100` },
    { label: 'Prioridad', value: vars.internal.prioridad },
    { label: 'Estimación de ingresos', value: vars.internal.estimacion_ingresos },
    { label: 'Consultor recomendado', value: vars.internal.consultor_recomendado },
    { label: 'Asignado a', value: vars.internal.asignado_a },
  ];
  const recordRows: TableRow[] = [
    { label: 'Referencia', value: reference },
    { label: 'Lead ID', value: vars.internal.lead_id },
    { label: 'Expediente', value: vars.internal.folder_id },
    { label: 'Página de origen', value: vars.internal.pagina_origen },
    { label: 'Fecha de contacto', value: vars.internal.fecha_contacto },
    { label: 'Reunión', value: meeting ? meetingWhen(meeting) : EMAIL_DEFAULTS.notSpecified },
    { label: 'Videollamada', value: vars.calendar.google_meet_link },
  ];
  const rows = submittedRows(lead);

  const html = [
    heading(title),
    paragraph(`<strong>${escapeHtml(summary)}</strong>`),
    buttons(actions),
    meeting
      ? panel(
          `<p style="margin:0 0 8px;font-weight:700;">Reunión agendada</p><p style="margin:0;">${escapeHtml(meetingWhen(meeting))} con ${escapeHtml(consultant.name)}. La invitación (reunion.ics) va adjunta.</p>`,
        )
      : '',
    subheading('Análisis preliminar'),
    dataTable('Resumen', analysisRows),
    reasons.length > 0
      ? paragraph(`Puntuación base ${LEAD_SCORE_DEFAULT}, ajustada por:`) + list(reasons.map(escapeHtml))
      : paragraph(`Puntuación base ${LEAD_SCORE_DEFAULT}, sin ajustes.`),
    paragraph(`<strong>Siguiente paso:</strong> ${escapeHtml(analysis.recommendation)}`),
    subheading('Datos del registro'),
    dataTable('Registro', recordRows),
    subheading('Lo que envió'),
    dataTable('Campos del formulario', rows),
  ].join('\n');

  const text = [
    title,
    summary,
    '',
    'ACCIONES',
    ...actions.map((action) => `${action.label}: ${action.href}`),
    '',
    ...(meeting ? ['REUNIÓN AGENDADA', `${meetingWhen(meeting)} con ${consultant.name}. La invitación (reunion.ics) va adjunta.`, ''] : []),
    'ANÁLISIS PRELIMINAR',
    textTable(analysisRows),
    reasons.length > 0 ? `Puntuación base ${LEAD_SCORE_DEFAULT}, ajustada por:\n${reasons.map((reason) => `- ${reason}`).join('\n')}` : `Puntuación base ${LEAD_SCORE_DEFAULT}, sin ajustes.`,
    `Siguiente paso: ${analysis.recommendation}`,
    '',
    'DATOS DEL REGISTRO',
    textTable(recordRows),
    '',
    'LO QUE ENVIÓ',
    textTable(rows),
    '',
    '--',
    foot.text,
  ].join('\n');

  return {
    audience: 'internal',
    from: settings.from,
    to: { address: settings.salesEmail },
    replyTo: lead.fields.email ?? settings.salesEmail,
    subject,
    html: layout({ title: subject, preheader: `${title}. ${summary}`, brandName: settings.brandName, bodyHtml: html, footerHtml: foot.html }),
    text: `${text}\n`,
    attachments: meeting ? [icsFor(lead, settings, meeting)] : [],
  };
}

/** Both messages of a lead: `[client, internal]`. */
export function buildEmailMessages(lead: EmailLead, settings: EmailSettings): [EmailMessage, EmailMessage] {
  const vars = emailVariables(lead, settings);
  return [renderClient(lead, settings, vars), renderInternal(lead, settings, vars)];
}
