/**
 * What each lead form asks for, read from its own definition and schema (core/forms/), so the privacy
 * notice lists a new field the moment a form shows it: the field's label as the form prints it, and whether
 * it is required, optional, or required only for some consulting services.
 */
import type { FormCopy } from '../../../core/forms/copy.ts';
import { FORM_DEFINITIONS } from '../../../core/forms/definitions.ts';
import { LEAD_FORM_IDS, type LeadFormId } from '../../../core/forms/kinds.ts';
import { FIELD_LABELS } from '../../../core/forms/labels.ts';
import type { AvailableLists } from '../../../core/forms/schemas.ts';
import { bindForm, isRequired, possibleShapes } from '../forms/form-logic.ts';

/** `depends`: asked, or required, only for some of the services a visitor can choose. */
export type FieldStatus = 'required' | 'optional' | 'depends';

export interface CollectedField {
  name: string;
  label: string;
  status: FieldStatus;
}

/** `copy`: the page language's words (a translated notice names each field as that language's form does). */
export function collectedFields(form: LeadFormId, lists: AvailableLists, copy?: FormCopy): CollectedField[] {
  const definition = bindForm(form, lists);
  const shapes = possibleShapes(definition);
  return FORM_DEFINITIONS[form].fields.flatMap((field) => {
    const asking = shapes.filter((shape) => field.name in shape);
    if (asking.length === 0) return [];
    const required = asking.map((shape) => isRequired(shape, field.name));
    const status: FieldStatus =
      asking.length < shapes.length || new Set(required).size > 1 ? 'depends' : required[0] ? 'required' : 'optional';
    const label = copy
      ? field.word
        ? copy.words[field.word]
        : copy.labels[field.name]
      : (field.label ?? FIELD_LABELS[field.name]);
    return [{ name: field.name, label, status }];
  });
}

/** Every form with what it collects, in the order of LEAD_FORMS. */
export function formsCollecting(
  lists: AvailableLists,
  copy?: FormCopy,
): Array<{ form: LeadFormId; fields: CollectedField[] }> {
  return LEAD_FORM_IDS.map((form) => ({ form, fields: collectedFields(form, lists, copy) }));
}
