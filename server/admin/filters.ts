/**
 * The inbox's filters as the URL carries them (`?status=&type=&from=&to=&q=&assignee=&vista=&idioma=&orden=&page=`),
 * read leniently: a value that makes no sense is dropped and reported, never an error page. The filter's
 * SQL (its WHERE, count and ORDER BY) is the lead's: server/lead/filter-store.ts.
 */
import { parseDate } from '../../core/dates.ts';
import { kindOfFormType, LEAD_KIND_IDS, LEAD_KINDS } from '../../core/forms/kinds.ts';
import type { DueView, LeadFilter, ListSort } from '../lead/filter-store.ts';
import { checkText } from './form-text.ts';
import { isLeadStatus } from './lifecycle.ts';

export type { DueView, LeadFilter, ListSort } from '../lead/filter-store.ts';

export const PAGE_SIZE = 20;
export const SEARCH_MAX_LENGTH = 100;
/** No inbox has more pages than this; a bigger number in the URL is someone typing. */
const MAX_PAGE = 100_000;

/** The due views' names as the inbox shows them. */
export const DUE_VIEWS = {
  hoy: 'Hoy',
  vencidos: 'Vencidos',
  'sin-paso': 'Sin siguiente paso',
} as const satisfies Record<DueView, string>;

/** How the list is ordered; the first is the default, `seguimiento` the default of a due view. */
export const LIST_SORTS = {
  recientes: 'Más recientes',
  puntuacion: 'Puntuación más alta',
  actividad: 'Actividad más reciente',
  seguimiento: 'Siguiente paso más próximo',
} as const satisfies Record<ListSort, string>;

export const isListSort = (value: string): value is ListSort => Object.hasOwn(LIST_SORTS, value);
const isDueView = (value: string): value is DueView => Object.hasOwn(DUE_VIEWS, value);

/** The order a list gets when none was chosen. */
export const defaultSort = (filter: LeadFilter): ListSort => (filter.view ? 'seguimiento' : 'recientes');

export interface ParsedListQuery {
  filter: LeadFilter;
  sort: ListSort;
  page: number;
  /** Where the previous page ended (`tras`, server/lead/keyset.ts), as the URL carries it; read with the sort. */
  after?: string;
  /** Spanish notes about values that were ignored. */
  problems: string[];
}

type Params = Pick<URLSearchParams, 'get'>;

function one(params: Params, name: string): string {
  return (params.get(name) ?? '').trim();
}

export function parseListQuery(params: Params): ParsedListQuery {
  const filter: LeadFilter = {};
  const problems: string[] = [];

  const status = one(params, 'status');
  if (isLeadStatus(status)) filter.status = status;
  else if (status) problems.push('Se ignoró un estado que no existe.');

  const type = one(params, 'type');
  const kind = /^\d$/.test(type) ? kindOfFormType(Number(type)) : LEAD_KIND_IDS.find((id) => id === type);
  if (kind) filter.kind = kind;
  else if (type) problems.push('Se ignoró un tipo de formulario que no existe.');

  for (const [name, label] of [
    ['from', 'desde'],
    ['to', 'hasta'],
  ] as const) {
    const value = one(params, name);
    if (value && parseDate(value)) filter[name] = value;
    else if (value) problems.push(`La fecha «${label}» no es válida (usa AAAA-MM-DD).`);
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    [filter.from, filter.to] = [filter.to, filter.from];
    problems.push('Las fechas estaban invertidas: se usaron en orden.');
  }

  const text = one(params, 'q').replace(/\s+/g, ' ');
  const checked = checkText(text, { max: Infinity, oneLine: true });
  if (!checked.ok) problems.push('Se ignoró una búsqueda con caracteres que no se pueden buscar.');
  else if (text) {
    filter.text = Array.from(text).slice(0, SEARCH_MAX_LENGTH).join('');
    if (filter.text !== text) problems.push(`La búsqueda se recortó a ${SEARCH_MAX_LENGTH} caracteres.`);
  }

  const assignee = one(params, 'assignee');
  if (assignee === 'none') filter.assignee = 'none';
  else if (/^[1-9]\d{0,9}$/.test(assignee)) filter.assignee = Number(assignee);
  else if (assignee) problems.push('Se ignoró un responsable que no existe.');

  const language = one(params, 'idioma');
  if (/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language)) filter.language = language;
  else if (language) problems.push('Se ignoró un idioma que no existe.');

  const view = one(params, 'vista');
  if (isDueView(view)) filter.view = view;
  else if (view) problems.push('Se ignoró una vista que no existe.');

  const order = one(params, 'orden');
  const sort = isListSort(order) ? order : defaultSort(filter);
  if (order && !isListSort(order)) problems.push('Se ignoró un orden que no existe.');

  const rawPage = one(params, 'page');
  let page = 1;
  if (/^[1-9]\d{0,5}$/.test(rawPage)) page = Math.min(MAX_PAGE, Number(rawPage));
  else if (rawPage) problems.push('El número de página no es válido: se muestra la primera.');

  const after = one(params, 'tras');
  return { filter, sort, page, problems, ...(after && page > 1 ? { after } : {}) };
}

/**
 * The filter (and a sort, a page and where the page before it ended) back as a query string, `?…` or ''
 * when empty; keys in a fixed order.
 */
export function listQueryString(
  filter: LeadFilter,
  page = 1,
  sort: ListSort = defaultSort(filter),
  after?: string,
): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.kind) params.set('type', String(LEAD_KINDS[filter.kind].formType));
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.text) params.set('q', filter.text);
  if (filter.assignee !== undefined) params.set('assignee', String(filter.assignee));
  if (filter.view) params.set('vista', filter.view);
  if (filter.language) params.set('idioma', filter.language);
  if (sort !== defaultSort(filter)) params.set('orden', sort);
  if (page > 1) params.set('page', String(page));
  if (page > 1 && after) params.set('tras', after);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function isEmptyFilter(filter: LeadFilter): boolean {
  return Object.values(filter).every((value) => value === undefined);
}
