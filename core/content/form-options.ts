/**
 * `content/form-options.yaml`: every select list of the lead forms. The API serves the first four from
 * `contactFormSelects` in the shape the contract gives them (`proyect`, `range`, `level`); the schemas accept
 * exactly these ids; the e-mails and the sales inbox print their labels.
 */
import { z } from 'zod';
import { list, oneOf, strict, text, whole } from './common.ts';

export const FORM_OPTIONS_FILE = 'content/form-options.yaml';

const id = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Falta el id' : 'El id va como texto, en minúsculas con guiones'),
  })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'El id va en minúsculas con guiones, como "web-app" o "100k-300k"');

const label = (what: string) => text(what, { max: 120 });

const budget = strict({
  id,
  range: label('el rango como lo lee el visitante'),
  currency: oneOf(['MXN', 'USD'], 'la moneda del rango').optional(),
  estimate: whole('el ingreso aproximado, sin comas', 1, 100_000_000).optional(),
}).refine((option) => (option.currency === undefined) === (option.estimate === undefined), {
  message: 'Un rango con monto lleva currency y estimate; uno sin monto ("por definir") no lleva ninguno',
  path: ['estimate'],
});

const labelled = strict({ id, label: label('la etiqueta de la opción') });

/** A list whose ids are unique, so a value names one option. */
function options<T extends z.ZodType<{ id: string }>>(item: T) {
  return list(item, 1, 40).superRefine((items, context) => {
    const seen = new Set<string>();
    items.forEach((option, index) => {
      if (seen.has(option.id))
        context.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: `El id "${option.id}" ya está en esta lista`,
        });
      seen.add(option.id);
    });
  });
}

export const formOptionsSchema = strict({
  proyects: options(strict({ id, proyect: label('el tipo de proyecto') })),
  budgets: options(budget),
  timelines: options(
    strict({ id, range: label('el plazo'), range_time: label('el plazo en meses o semanas').optional() }),
  ),
  emergency: options(strict({ id, level: label('el nivel de urgencia') })),
  cloudInfrastructures: options(labelled),
  cloudSystemTypes: options(labelled),
  cloudUserCounts: options(labelled),
  cloudBudgets: options(budget),
  cloudTimelines: options(labelled),
  integrationTypes: options(labelled),
  integrationTimelines: options(labelled),
  integrationBudgets: options(budget),
});

export type FormOptions = z.output<typeof formOptionsSchema>;
