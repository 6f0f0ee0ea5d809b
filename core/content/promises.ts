/**
 * `content/promises.yaml`: what the site promises on several pages, written once. The pages, the service
 * pages, the FAQ, the process and the e-mails quote each promise as a `{placeholder}` and the site writes
 * the sentence from here, so the proposal cannot arrive "en 24 horas" on one page and "en una semana" on
 * another. Project durations come from the service pages' `engagement.timeline` (the figure they show)
 * and, for kinds of project without a page, from `projectWeeks` here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { z } from 'zod';
import { AVAILABILITY } from '../availability.ts';
import { strict, text, whole } from './common.ts';
import { parseContent } from './parse.ts';

export const PROMISES_FILE = 'content/promises.yaml';
const SERVICES_DIR = 'content/services';

const weeks = strict({
  min: whole('un número de semanas', 1, 52),
  max: whole('un número de semanas', 1, 104),
}).refine((range) => range.min <= range.max, { message: 'min no puede ser mayor que max', path: ['max'] });

export const promisesSchema = strict({
  proposal: strict({
    /** How many hours after the first meeting the written proposal arrives; the figure cards show "24 h". */
    hours: whole('las horas en que llega la propuesta', 1, 336),
    /** What the hours count from, as read after "24 horas": "después de la reunión". */
    after: text('desde cuándo se cuentan las horas, como "después de la reunión"', { max: 60 }),
  }),
  meeting: strict({
    /** What the forms book ("videollamada"); its length and how far ahead come from the booking rules. */
    kind: text('el tipo de reunión que se agenda, como "videollamada"', { max: 30 }),
    /** When the team proposes a time to whoever did not pick one in the form. */
    unbookedWithinHours: whole('las horas en que proponemos horario a quien no eligió uno', 1, 168),
  }),
  currency: strict({
    /** The currency of the reference prices (services, consultancies, maintenance), in words. */
    prices: text('la moneda de los precios de referencia, en palabras, como "dólares"', { max: 30 }),
  }),
  /** Weeks of the kinds of project without a service page (their service id: weeks). */
  projectWeeks: z.record(
    z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Se espera el id de un servicio, en minúsculas con guiones'),
    weeks,
  ),
});

export type Promises = z.output<typeof promisesSchema>;
export type WeekRange = z.output<typeof weeks>;

/** `aplicaciones-web` → `AplicacionesWeb`, for the `{semanasAplicacionesWeb}` placeholder. */
function pascal(id: string): string {
  return id
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** "4 a 8 semanas", or "1 semana". */
function weeksText(range: WeekRange, dash = ' a '): string {
  return range.min === range.max
    ? `${range.min} semana${range.min === 1 ? '' : 's'}`
    : `${range.min}${dash}${range.max} semanas`;
}

/**
 * The placeholders every text of content/ may quote, by name:
 * `{plazoPropuesta}` "24 horas después de la reunión", `{horasPropuesta}` "24",
 * `{formatoReunion}` "videollamada de 60 minutos", `{diasReunion}` "60", `{plazoReunion}` "48 horas",
 * `{horasReunion}` "48",
 * `{monedaPrecios}` "dólares", `{semanas<Servicio>}` "8 a 16 semanas" (one per service with a duration) and
 * `{semanasDesarrollo}` "3-24 semanas" (from the shortest to the longest project).
 */
export function promisePlaceholders(
  promises: Promises,
  serviceWeeks: Readonly<Record<string, WeekRange>>,
): Record<string, string> {
  const all = { ...promises.projectWeeks, ...serviceWeeks };
  const ranges = Object.values(all);
  const values: Record<string, string> = {
    plazoPropuesta: `${promises.proposal.hours} horas ${promises.proposal.after}`,
    horasPropuesta: String(promises.proposal.hours),
    formatoReunion: `${promises.meeting.kind} de ${AVAILABILITY.meetingMinutes} minutos`,
    diasReunion: String(AVAILABILITY.horizonDays),
    plazoReunion: `${promises.meeting.unbookedWithinHours} horas`,
    horasReunion: String(promises.meeting.unbookedWithinHours),
    monedaPrecios: promises.currency.prices,
  };
  for (const [id, range] of Object.entries(all)) values[`semanas${pascal(id)}`] = weeksText(range);
  if (ranges.length > 0) {
    values.semanasDesarrollo = weeksText(
      { min: Math.min(...ranges.map((range) => range.min)), max: Math.max(...ranges.map((range) => range.max)) },
      '-',
    );
  }
  return values;
}

const engagementWeeks = z.object({
  page: z.object({ engagement: z.object({ timeline: z.object({ minWeeks: z.number(), maxWeeks: z.number() }) }) }),
});

/** The weeks each service page states (`page.engagement.timeline`), by service id. */
function readServiceWeeks(root: string): Record<string, WeekRange> {
  const dir = new URL(`${SERVICES_DIR}/`, `file://${root.endsWith('/') ? root : `${root}/`}`);
  const found: Record<string, WeekRange> = {};
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.yaml'))) {
    // The services collection validates these files; here only the weeks matter, when a page states them.
    const parsed = engagementWeeks.safeParse(yaml.load(readFileSync(new URL(name, dir), 'utf8')));
    if (!parsed.success) continue;
    const { minWeeks, maxWeeks } = parsed.data.page.engagement.timeline;
    found[name.slice(0, -'.yaml'.length)] = { min: minWeeks, max: maxWeeks };
  }
  return found;
}

/** The placeholders of a checkout's content (`root`: where `content/` is; read each time, no cache). */
export function readPromisePlaceholders(root: string): Record<string, string> {
  const file = new URL(PROMISES_FILE, `file://${root.endsWith('/') ? root : `${root}/`}`);
  const promises = parseContent(PROMISES_FILE, readFileSync(file, 'utf8'), promisesSchema);
  const services = readServiceWeeks(root);
  const clash = Object.keys(promises.projectWeeks).filter((id) => id in services);
  if (clash.length > 0) {
    throw new Error(
      `${PROMISES_FILE}: projectWeeks.${clash[0]} repite la duración que ya da content/services/${clash[0]}.yaml; bórrala de aquí.`,
    );
  }
  return promisePlaceholders(promises, services);
}
