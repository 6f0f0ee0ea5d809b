/**
 * A lead's fields as a person reads them: which site form it was sent with, its fields by that form's own
 * labels and order, and option labels instead of ids. No I/O: the wiki imports this at build time.
 */
import { FORM_DEFINITIONS, type FieldDefinition } from '../../core/forms/definitions.ts';
import { LEAD_FORMS, type LeadFormId } from '../../core/forms/kinds.ts';
import { FIELD_LABELS, type FieldName } from '../../core/forms/labels.ts';
import { optionLabel, type FormLists } from '../../core/forms/options.ts';
import type { Lead } from './model.ts';

type LeadShape = Pick<Lead, 'kind' | 'fields'>;

/** The site form a lead was sent with: its kind, and for consultancy leads the dedicated form its service names. */
export function leadForm(lead: LeadShape): LeadFormId {
  if (lead.kind !== 'consultancy') return lead.kind;
  const { serviceType } = lead.fields;
  if (serviceType === LEAD_FORMS.cloudMigration.serviceType) return 'cloudMigration';
  if (serviceType === LEAD_FORMS.integrations.serviceType) return 'integrations';
  return 'consulting';
}

/** The name a consultancy lead's service goes by: a dedicated form's, or the offer's. */
function serviceName(lead: LeadShape, lists: Pick<FormLists, 'consultingServices'>): string | undefined {
  const form = leadForm(lead);
  if (form === 'cloudMigration' || form === 'integrations') return LEAD_FORMS[form].label;
  return optionLabel(lists.consultingServices, lead.fields.serviceType);
}

function definitionOf(lead: LeadShape, field: string): FieldDefinition | undefined {
  return FORM_DEFINITIONS[leadForm(lead)].fields.find((candidate) => candidate.name === field);
}

/** The value of a field as a person reads it: option labels instead of ids; `undefined` when absent. */
export function fieldText(lead: LeadShape, field: string, lists: FormLists): string | undefined {
  const value = lead.fields[field];
  if (value === undefined || value === '') return undefined;
  if (field === 'serviceType') return serviceName(lead, lists) ?? value;
  const listKey = definitionOf(lead, field)?.options;
  return listKey ? (optionLabel(lists[listKey], value) ?? value) : value;
}

export interface FieldRow {
  field: FieldName;
  label: string;
  value: string;
  /** Free text typed in a textarea: line breaks are kept. */
  long: boolean;
  /** Chosen from a list the site offers, not typed by the visitor. */
  chosen: boolean;
}

/**
 * Every filled field of the lead, labelled and ordered as its form shows them (the meeting is shown apart).
 * `labels`: the names in the reader's language (a client who wrote in English); the team's Spanish names and
 * each form's own wording without it.
 */
export function fieldRows(lead: LeadShape, lists: FormLists, labels?: Readonly<Record<FieldName, string>>): FieldRow[] {
  const rows: FieldRow[] = [];
  const fields = FORM_DEFINITIONS[leadForm(lead)].fields;
  // The dedicated consultancy forms fix their service instead of showing it: it still heads the rows.
  const service = fields.some((field) => field.name === 'serviceType')
    ? []
    : [{ name: 'serviceType' as const, control: 'select' as const }];
  for (const field of [...service, ...fields]) {
    if (field.control === 'appointment') continue;
    const value = fieldText(lead, field.name, lists);
    if (value === undefined) continue;
    const label = labels?.[field.name] ?? ('label' in field ? field.label : undefined) ?? FIELD_LABELS[field.name];
    rows.push({
      field: field.name,
      label,
      value,
      long: field.control === 'textarea',
      chosen: field.control === 'select',
    });
  }
  return rows;
}
