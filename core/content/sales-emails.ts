/**
 * `content/sales-emails.yaml`: what the sales team writes from the inbox. The templates of an e-mail to a
 * client (a salesperson picks one on the lead's page, edits it and sends it), the greeting of the WhatsApp
 * link, and the wording of the daily digest each salesperson receives at 8:00. Placeholders as in
 * content/emails.yaml: each text accepts only its own, and the build names the wrong one.
 */
import { z } from 'zod';
import { copy } from './emails.ts';
import { list, strict, text } from './common.ts';

export const SALES_EMAILS_FILE = 'content/sales-emails.yaml';

/** What a template may quote: the client's name and company, the reference, the salesperson and the brand. */
const TEMPLATE = ['cliente', 'empresa', 'referencia', 'vendedor', 'marca'] as const;

/** A text sent as typed: placeholders only, no `**` or `[ ]` marks (the salesperson sees the raw text). */
function plain(what: string, placeholders: readonly string[]) {
  return copy(what, placeholders).refine((value) => !value.includes('**'), {
    error: 'Este texto se envía tal como se escribe: quita los ** (no lleva negritas)',
  });
}

const templateSchema = strict({
  /** In the URL (`?plantilla=`): lowercase letters, digits and dashes. */
  id: text('el identificador de la plantilla (minúsculas y guiones)').regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'Se espera un identificador en minúsculas con guiones, como primer-contacto',
  ),
  name: text('el nombre de la plantilla en la lista', { max: 60 }),
  subject: plain('el asunto', TEMPLATE),
  body: plain('el texto del correo', TEMPLATE),
});

export const salesEmailsSchema = strict({
  templates: list(templateSchema, 1, 20).superRefine((templates, context) => {
    const seen = new Set<string>();
    templates.forEach((template, index) => {
      if (seen.has(template.id))
        context.addIssue({ code: 'custom', path: [index, 'id'], message: `El identificador ${template.id} se repite` });
      seen.add(template.id);
    });
  }),
  whatsappGreeting: plain('el saludo con que abre el chat de WhatsApp', TEMPLATE),
  digest: strict({
    subject: copy('el asunto del resumen diario', ['fecha', 'pendientes', 'reuniones']),
    heading: copy('el título del resumen', ['nombre']),
    intro: copy('el primer párrafo', ['fecha', 'pendientes', 'reuniones']),
    overdueTitle: copy('el título de la lista de pendientes vencidos', []),
    todayTitle: copy('el título de la lista de pendientes de hoy', []),
    meetingsTitle: copy('el título de la lista de reuniones', []),
    unassignedMeetingsTitle: copy('el título de las reuniones de leads sin responsable (solo administración)', []),
    followUpLine: copy('la línea de un pendiente', ['referencia', 'cliente', 'paso', 'fecha']),
    meetingLine: copy('la línea de una reunión', ['hora', 'referencia', 'cliente']),
    button: copy('el botón que abre la bandeja', []),
    footer: copy('por qué recibe el resumen', ['sitio']),
  }),
  assigned: strict({
    subject: copy('el asunto del aviso de un lead asignado', ['referencia', 'cliente']),
    heading: copy('el título del aviso', ['nombre']),
    intro: copy('el primer párrafo del aviso', ['referencia', 'cliente', 'motivo']),
    byTurn: copy('el motivo cuando le toca por turno', []),
    byConsultant: copy('el motivo cuando es el consultor del tipo de proyecto', []),
    button: copy('el botón que abre el lead', []),
    footer: copy('por qué recibe el aviso', ['sitio']),
  }),
});

export type SalesEmailCopy = z.output<typeof salesEmailsSchema>;
export type SalesTemplate = SalesEmailCopy['templates'][number];
