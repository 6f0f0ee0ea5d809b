/**
 * The inbox's filters as the URL carries them (`?status=&type=&from=&to=&q=&assignee=&page=`), read
 * leniently: a value that makes no sense is dropped and reported, never an error page. `filterSql` turns
 * a filter into one WHERE clause valid on SQLite and PostgreSQL alike.
 */
import { addDays, parseDate, zonedTimeToUtc } from '../../core/dates.ts';
import { kindOfFormType, LEAD_KIND_IDS, LEAD_KINDS, type LeadKind } from '../../core/forms/kinds.ts';
import { isLeadStatus, type LeadStatus } from './lifecycle.ts';

export const PAGE_SIZE = 20;
export const SEARCH_MAX_LENGTH = 100;
/** No inbox has more pages than this; a bigger number in the URL is someone typing. */
const MAX_PAGE = 100_000;

export interface LeadFilter {
  status?: LeadStatus;
  kind?: LeadKind;
  /** Mexico City dates, `YYYY-MM-DD`, both included. */
  from?: string;
  to?: string;
  /** Name, e-mail, company or reference (`CONT-12` or `12`). */
  text?: string;
  /** A user id, or 'none' for leads nobody took yet. */
  assignee?: number | 'none';
}

export interface ParsedListQuery {
  filter: LeadFilter;
  page: number;
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
  if (text) {
    filter.text = Array.from(text).slice(0, SEARCH_MAX_LENGTH).join('');
    if (filter.text !== text) problems.push(`La búsqueda se recortó a ${SEARCH_MAX_LENGTH} caracteres.`);
  }

  const assignee = one(params, 'assignee');
  if (assignee === 'none') filter.assignee = 'none';
  else if (/^[1-9]\d{0,9}$/.test(assignee)) filter.assignee = Number(assignee);
  else if (assignee) problems.push('Se ignoró un responsable que no existe.');

  const rawPage = one(params, 'page');
  let page = 1;
  if (/^[1-9]\d{0,5}$/.test(rawPage)) page = Math.min(MAX_PAGE, Number(rawPage));
  else if (rawPage) problems.push('El número de página no es válido: se muestra la primera.');

  return { filter, page, problems };
}

/** The filter (and a page) back as a query string, `?…` or '' when empty; keys in a fixed order. */
export function listQueryString(filter: LeadFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.kind) params.set('type', String(LEAD_KINDS[filter.kind].formType));
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.text) params.set('q', filter.text);
  if (filter.assignee !== undefined) params.set('assignee', String(filter.assignee));
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function isEmptyFilter(filter: LeadFilter): boolean {
  return Object.values(filter).every((value) => value === undefined);
}

/** `%`, `_` and the escape character itself, taken literally inside LIKE … ESCAPE '\'. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const REFERENCE = /^(?:cont-?)?\s*(\d{1,15})$/i;

export interface SqlFragment {
  /** `WHERE …` or '' */
  where: string;
  params: Array<string | number>;
}

/**
 * The WHERE clause over `leads l LEFT JOIN inbox_lead_state s ON s.lead_id = l.id` (a lead without a
 * state row is nuevo and unassigned). Placeholders start after `offset` existing parameters.
 */
export function filterSql(filter: LeadFilter, offset = 0): SqlFragment {
  const params: Array<string | number> = [];
  const conditions: string[] = [];
  const param = (value: string | number) => {
    params.push(value);
    return `$${offset + params.length}`;
  };
  if (filter.status) conditions.push(`COALESCE(s.status, 'nuevo') = ${param(filter.status)}`);
  if (filter.kind) conditions.push(`l.form_type = ${param(LEAD_KINDS[filter.kind].formType)}`);
  if (filter.from) conditions.push(`l.received_at >= ${param(zonedTimeToUtc(filter.from, '00:00').toISOString())}`);
  if (filter.to)
    conditions.push(`l.received_at < ${param(zonedTimeToUtc(addDays(filter.to, 1), '00:00').toISOString())}`);
  if (filter.assignee === 'none') conditions.push('s.assignee_id IS NULL');
  else if (filter.assignee !== undefined) conditions.push(`s.assignee_id = ${param(filter.assignee)}`);
  if (filter.text) {
    const pattern = param(likePattern(filter.text));
    const matches = [
      `lower(l.name) LIKE ${pattern} ESCAPE '\\'`,
      `lower(l.email) LIKE ${pattern} ESCAPE '\\'`,
      `lower(COALESCE(l.company, '')) LIKE ${pattern} ESCAPE '\\'`,
    ];
    const reference = REFERENCE.exec(filter.text.trim());
    const id = reference ? Number(reference[1]) : NaN;
    if (Number.isSafeInteger(id)) matches.push(`l.id = ${param(id)}`);
    conditions.push(`(${matches.join(' OR ')})`);
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
