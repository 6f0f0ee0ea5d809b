/**
 * What a lead form does with its values, without React: which fields are shown and required (read from
 * the shared schema, per consulting service), the exact body it sends, and the errors the schema gives for
 * it, in the page's language. The island calls these on blur and on submit; the unit tests call them directly.
 */
import { z } from 'zod/mini';
import {
  FORM_DEFINITIONS,
  type FieldDefinition,
  type FormDefinition as Declared,
} from '../../../core/forms/definitions.ts';
import type { LeadFormId } from '../../../core/forms/kinds.ts';
import {
  FORM_ERROR_KEY,
  fieldErrors,
  formSchema,
  HONEYPOT_FIELD,
  type AvailableLists,
  type FieldRules,
  type FormSchema,
} from '../../../core/forms/schemas.ts';

/** A form's declaration with the schema built from the lists it shows. */
export interface FormDefinition extends Declared {
  schema: FormSchema;
}

/** `rules`: the page language's messages and phone rule; Spanish and Mexican numbers without them. */
export function bindForm(form: LeadFormId, lists: AvailableLists, rules?: FieldRules): FormDefinition {
  return { ...FORM_DEFINITIONS[form], schema: formSchema(form, lists, rules) };
}

/** Every value of a form as typed, by field name ('' when empty). */
export type FormValues = Readonly<Record<string, string>>;

type Shape = Readonly<Record<string, z.core.$ZodType>>;

/** The object schemas a form may validate against: one, or one per value of the discriminator. */
function variants(schema: z.core.$ZodType): { discriminator: string | undefined; options: readonly z.ZodMiniObject[] } {
  if (schema instanceof z.ZodMiniObject) return { discriminator: undefined, options: [schema] };
  if (schema instanceof z.ZodMiniDiscriminatedUnion) {
    const { discriminator, options } = schema._zod.def;
    return {
      discriminator,
      options: options.filter((option): option is z.ZodMiniObject => option instanceof z.ZodMiniObject),
    };
  }
  throw new TypeError('El esquema de un formulario debe ser un objeto o una unión discriminada de objetos');
}

/**
 * The fields the schema asks for with these values: the whole object, the consulting service's variant
 * once one is chosen, or before that the fields every variant shares (plus the discriminator itself).
 */
export function activeShape(definition: FormDefinition, values: FormValues): Shape {
  const { discriminator, options } = variants(definition.schema);
  if (discriminator === undefined) return options[0]?.shape ?? {};
  const chosen = options.find((option) => {
    const field = option.shape[discriminator];
    return field !== undefined && z.safeParse(field, values[discriminator]).success;
  });
  if (chosen) return chosen.shape;
  const [first, ...rest] = options;
  if (!first) return {};
  const shared = Object.entries(first.shape).filter(([name]) => rest.every((option) => name in option.shape));
  return Object.fromEntries(shared);
}

/** Every set of fields the form may ask for: one, or one per consulting service (the privacy notice lists them). */
export function possibleShapes(definition: FormDefinition): Shape[] {
  return variants(definition.schema).options.map((option) => option.shape);
}

export function visibleFields(definition: FormDefinition, values: FormValues): FieldDefinition[] {
  const shape = activeShape(definition, values);
  return definition.fields.filter((field) => field.name in shape);
}

/** A field is required when its schema refuses an absent value. */
export function isRequired(shape: Shape, name: string): boolean {
  const field = shape[name];
  return field !== undefined && !z.safeParse(field, undefined).success;
}

/** Empty values for every field of the form, the preset ones filled in. */
export function initialValues(definition: FormDefinition, preset: FormValues = {}): Record<string, string> {
  const values: Record<string, string> = { [HONEYPOT_FIELD]: '' };
  for (const field of definition.fields) values[field.name] = preset[field.name] ?? '';
  return values;
}

/**
 * The body of the call: exactly the shown fields by their contract names (empty ones as ''), the form's
 * fixed values (`serviceType`), and the honeypot only when something filled it, so a bot is recognised
 * and a person's payload carries the contract's keys and nothing else.
 */
export function buildPayload(definition: FormDefinition, values: FormValues): Record<string, string> {
  const payload: Record<string, string> = { ...definition.fixed };
  for (const field of visibleFields(definition, values)) payload[field.name] = values[field.name] ?? '';
  const trap = values[HONEYPOT_FIELD] ?? '';
  if (trap !== '') payload[HONEYPOT_FIELD] = trap;
  return payload;
}

/**
 * The values with every select choice that `definition`'s lists no longer offer emptied (the API's lists
 * replaced the shipped ones after the visitor chose), so what the select shows is what would be sent.
 */
export function keepOfferedChoices(
  definition: FormDefinition,
  values: FormValues,
  lists: AvailableLists,
): Record<string, string> {
  const kept: Record<string, string> = { ...values };
  for (const field of definition.fields) {
    const list = field.options ? lists[field.options] : undefined;
    const value = kept[field.name];
    if (list && value && !list.some((option) => option.id === value)) kept[field.name] = '';
  }
  return kept;
}

/** The schema's Spanish message per shown field that is wrong; `{}` when the form can be sent. */
export function validateForm(definition: FormDefinition, values: FormValues): Record<string, string> {
  const payload = buildPayload(definition, values);
  const result = definition.schema.safeParse(payload);
  if (result.success) return {};
  const errors = fieldErrors(result.error);
  const { discriminator } = variants(definition.schema);
  // A union stops at a missing discriminator; the fields every service shares are still checked.
  if (discriminator !== undefined && discriminator in errors) {
    const shared = z.object(activeShape(definition, values)).safeParse(payload);
    if (!shared.success) return { ...fieldErrors(shared.error), ...errors };
  }
  return errors;
}

/** The message of one field after the visitor leaves it, or `undefined`. */
export function validateField(definition: FormDefinition, values: FormValues, name: string): string | undefined {
  return validateForm(definition, values)[name];
}

/** Field errors the form can show next to a field, and the rest (a `_form` error, a field it does not show). */
export function splitErrors(
  definition: FormDefinition,
  values: FormValues,
  errors: Readonly<Record<string, string>>,
): { fields: Record<string, string>; other: string[] } {
  const shown = new Set(visibleFields(definition, values).map((field) => field.name as string));
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(errors)) {
    if (shown.has(name)) fields[name] = message;
    else other.push(name === FORM_ERROR_KEY ? message : `${name}: ${message}`);
  }
  return { fields, other };
}

/** The first field with an error, in the order the form shows them (where focus goes). */
export function firstInvalidField(
  definition: FormDefinition,
  values: FormValues,
  errors: Readonly<Record<string, string>>,
): string | undefined {
  return visibleFields(definition, values).find((field) => errors[field.name] !== undefined)?.name;
}
