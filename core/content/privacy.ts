/**
 * `content/privacy.yaml`: the privacy notice (LFPDPPP, DOF 20 March 2025) as editors write it: its sections in
 * order, the purposes (necessary and voluntary), what the site keeps in the browser, the name of each form, the
 * short notice every form shows, and the date of the last change. The facts with another home are filled in by
 * the code, never written here: the controller's name (core/site.ts), its domicilio and data-protection e-mail
 * (content/contact.yaml), each form's fields (core/forms/definitions.ts) and the ARCO deadlines (core/privacy.ts).
 * The retention limits are written here once (`retention`): the notice states them and the server enforces
 * them, both reading this file, so no deployment variable can make the two disagree. Texts quote those facts as `{placeholders}`; an unknown one fails with the valid list.
 */
import { z } from 'zod';
import { LEAD_FORM_IDS } from '../forms/kinds.ts';
import { RETENTION_BOUNDS } from '../privacy.ts';
import { calendarDate, kebabId, list, oneOf, placeholdersOf, strict, template, text, whole } from './common.ts';

export const PRIVACY_FILE = 'content/privacy.yaml';

/** Facts any text of the notice may quote, filled in by the page (src/lib/privacy/notice.ts). */
export const NOTICE_PLACEHOLDERS = [
  'responsable',
  'domicilio',
  'correoDatos',
  'mesesLeads',
  'diasCorreos',
  'diasRespuesta',
  'diasEfectiva',
] as const;

export type NoticePlaceholder = (typeof NOTICE_PLACEHOLDERS)[number];

/** The parts of the notice the code draws from other homes, each placed once inside a section. */
export const NOTICE_BLOCKS = ['controller', 'forms', 'purposes', 'storage'] as const;

/** Facts the notice must state: the two retention limits and the time to answer a request. */
const REQUIRED_PLACEHOLDERS: readonly NoticePlaceholder[] = ['mesesLeads', 'diasCorreos', 'diasRespuesta'];

const paragraph = template('un párrafo', NOTICE_PLACEHOLDERS);
const paragraphs = list(paragraph, 1, 12);

const section = strict({
  /** Its anchor in the page (`#derechos`). */
  id: kebabId,
  title: text('el título de la sección', { max: 90 }),
  body: paragraphs.optional(),
  /** What the code draws inside the section, after `body`. */
  block: oneOf(NOTICE_BLOCKS, 'una parte que arma el sitio').optional(),
  /** A bulleted list after the block. */
  items: list(paragraph, 1, 12).optional(),
  /** Paragraphs after the list. */
  closing: paragraphs.optional(),
});

const purposeId = kebabId;

const necessaryPurpose = strict({
  id: purposeId,
  /** As the short notice says it, after "para": "responder tu solicitud". */
  short: text('la finalidad en pocas palabras, como "responder tu solicitud"', { max: 80 }),
  description: text('la finalidad completa'),
});

/**
 * A purpose the visitor may refuse without losing the service (a newsletter, marketing). Every form then shows
 * an unchecked box with `refusal` as its label, and the notice lists it under the voluntary purposes.
 */
const voluntaryPurpose = strict({
  id: purposeId,
  short: text('la finalidad en pocas palabras, como "enviarte nuestro boletín"', { max: 80 }),
  description: text('la finalidad completa'),
  refusal: text('el texto de la casilla para negarse, como "No quiero recibir el boletín"', { max: 120 }),
});

const storageItem = strict({
  /** The exact key or cookie name, as the browser's tools show it. */
  key: text('el nombre exacto de la clave o de la cookie', { max: 80 }),
  kind: oneOf(['sessionStorage', 'localStorage', 'cookie'], 'dónde se guarda'),
  where: text('en qué páginas', { max: 120 }),
  purpose: text('para qué sirve y cuándo se borra'),
});

/** Unique ids within one list, the error on the repeated one. */
function uniqueIds(items: ReadonlyArray<{ id: string }>, context: z.RefinementCtx, path: PropertyKey[]): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id))
      context.addIssue({ code: 'custom', path: [...path, index, 'id'], message: `El id "${item.id}" ya se usó` });
    seen.add(item.id);
  });
}

type FormNameShape = Record<(typeof LEAD_FORM_IDS)[number], ReturnType<typeof text>>;

/** One name per form: a form added to core/forms/kinds.ts fails here until the notice names it. */
const formNames = strict(
  Object.fromEntries(
    LEAD_FORM_IDS.map((id) => [id, text('el nombre del formulario como lo lee el visitante', { max: 90 })]),
  ) as FormNameShape,
);

export const privacySchema = strict({
  lastUpdated: calendarDate('la fecha de la última actualización'),
  retention: strict({
    leadMonths: whole(
      'los meses sin actividad tras los que se anonimiza una solicitud',
      ...RETENTION_BOUNDS.leadMonths,
    ),
    mailBodyDays: whole(
      'los días tras la entrega en que se borra el cuerpo de un correo',
      ...RETENTION_BOUNDS.mailBodyDays,
    ),
  }),
  shortNotice: strict({
    text: template('el aviso breve', ['responsable', 'domicilio', 'finalidades'], { max: 300 }),
    /** Shown only when there are voluntary purposes, before their refusal boxes. */
    voluntary: template('la frase de las finalidades voluntarias', ['voluntarias'], { max: 300 }),
    link: text('el texto del enlace al aviso completo', { max: 60 }),
  }),
  forms: formNames,
  purposes: strict({
    necessary: list(necessaryPurpose, 1, 10),
    voluntary: list(voluntaryPurpose, 0, 5),
    necessaryTitle: text('el título de las finalidades necesarias', { max: 90 }),
    voluntaryTitle: text('el título de las finalidades voluntarias', { max: 90 }),
    /** Said when the list of voluntary purposes is empty. */
    noVoluntary: paragraph,
    /** How to refuse a voluntary purpose, said when there is one. */
    refusal: paragraph,
  }),
  browserStorage: list(storageItem, 0, 20),
  /** Said in the storage block when nothing is stored. */
  noBrowserStorage: paragraph,
  /** Said in the storage block only when the deployment measures visits (`PUBLIC_ANALYTICS_ID`). */
  analytics: paragraph,
  sections: list(section, 4, 20),
}).superRefine((notice, context) => {
  uniqueIds(notice.sections, context, ['sections']);
  uniqueIds(notice.purposes.necessary, context, ['purposes', 'necessary']);
  uniqueIds(notice.purposes.voluntary, context, ['purposes', 'voluntary']);
  for (const block of NOTICE_BLOCKS) {
    const count = notice.sections.filter((entry) => entry.block === block).length;
    if (count !== 1)
      context.addIssue({
        code: 'custom',
        path: ['sections'],
        message: `La parte "${block}" va en exactamente una sección (block: ${block}); hoy está en ${count}`,
      });
  }
  const written = notice.sections.flatMap((entry) => [
    ...(entry.body ?? []),
    ...(entry.items ?? []),
    ...(entry.closing ?? []),
  ]);
  const quoted = new Set(written.flatMap(placeholdersOf));
  for (const name of REQUIRED_PLACEHOLDERS) {
    if (!quoted.has(name))
      context.addIssue({
        code: 'custom',
        path: ['sections'],
        message: `El aviso debe decir {${name}}: escríbelo en el texto de alguna sección`,
      });
  }
});

export type PrivacyNotice = z.output<typeof privacySchema>;
export type NoticeSection = PrivacyNotice['sections'][number];
