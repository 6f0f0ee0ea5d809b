/**
 * The select lists of the forms, as code sees them. The lists themselves are editorial facts in
 * `content/form-options.yaml` (schema: core/content/form-options.ts) and the consulting services in
 * `content/offers.yaml`; pages hand them to the form islands, the API reads them at start-up.
 */
import type { FormOptions } from '../content/form-options.ts';

export type ProjectOption = FormOptions['proyects'][number];
export type BudgetOption = FormOptions['budgets'][number];
export type TimelineOption = FormOptions['timelines'][number];
export type EmergencyOption = FormOptions['emergency'][number];
export type LabelledOption = FormOptions['cloudInfrastructures'][number];
export type SelectOption = ProjectOption | BudgetOption | TimelineOption | EmergencyOption | LabelledOption;

/** Every list a form may show: the content file's lists plus the consulting services of the offers. */
export interface FormLists extends FormOptions {
  consultingServices: readonly LabelledOption[];
}
export type ListKey = keyof FormLists;

/** The lists `GET /api/webSite/contactFormSelects` serves, in the contract's shape. */
export const SERVED_LIST_KEYS = ['proyects', 'budgets', 'timelines', 'emergency'] as const;
export type ServedListKey = (typeof SERVED_LIST_KEYS)[number];
export type ServedLists = Pick<FormLists, ServedListKey>;

/** The served lists without the fields only the team uses (a budget's revenue estimate). */
export function servedLists(lists: Pick<FormLists, ServedListKey>): ServedLists {
  return {
    proyects: lists.proyects.map(({ id, proyect }) => ({ id, proyect })),
    budgets: lists.budgets.map(({ id, range, currency }) => (currency ? { id, range, currency } : { id, range })),
    timelines: lists.timelines.map(({ id, range, range_time }) =>
      range_time ? { id, range, range_time } : { id, range },
    ),
    emergency: lists.emergency.map(({ id, level }) => ({ id, level })),
  };
}

/** Ids of a list, as the non-empty tuple `z.enum` wants (an empty list yields one id nothing can match). */
export function optionIds(list: ReadonlyArray<{ id: string }>): [string, ...string[]] {
  const ids = list.map((option) => option.id);
  return ids.length > 0 ? (ids as [string, ...string[]]) : [''];
}

/** The text a person reads for an option: its `proyect`, `level` or `label`, or its range with the period or currency. */
export function optionText(option: SelectOption): string {
  if ('proyect' in option) return option.proyect;
  if ('level' in option) return option.level;
  if ('label' in option) return option.label;
  if ('range_time' in option && option.range_time) return `${option.range} (${option.range_time})`;
  if ('currency' in option && option.currency) return `${option.range} ${option.currency}`;
  return option.range;
}

/** The Spanish label of an option id, or `undefined` when the list has no such id. */
export function optionLabel(list: readonly SelectOption[], id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  const option = list.find((candidate) => candidate.id === id);
  return option ? optionText(option) : undefined;
}
