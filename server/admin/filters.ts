/**
 * The inbox's filters as the URL carries them (`?status=&type=&from=&to=&q=&assignee=&vista=&idioma=&orden=&page=`),
 * read leniently: a value that makes no sense is dropped and reported, never an error page. `filterSql`
 * turns a filter into one WHERE clause valid on SQLite and PostgreSQL alike, `orderSql` a sort into its
 * ORDER BY. Merged leads are never listed.
 */
import { addDays, parseDate, todayInMexicoCity, zonedTimeToUtc } from '../../core/dates.ts';
import { kindOfFormType, LEAD_KIND_IDS, LEAD_KINDS, type LeadKind } from '../../core/forms/kinds.ts';
import { SITE } from '../../core/site.ts';
import type { Dialect } from '../db/storage.ts';
import { parseSearch, type SearchQuery } from '../lead/search.ts';
import { checkText } from './form-text.ts';
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
  /** Name, e-mail, company, phone, message or reference (`CONT-12` or `12`). */
  text?: string;
  /** A user id, or 'none' for leads nobody took yet. */
  assignee?: number | 'none';
  /** Open leads whose next step is due today, or overdue. */
  view?: DueView;
  /** The language the lead arrived in (`en`); the default one's also lists leads stored before languages. */
  language?: string;
}

export const DUE_VIEWS = { hoy: 'Hoy', vencidos: 'Vencidos', 'sin-paso': 'Sin siguiente paso' } as const;
export type DueView = keyof typeof DUE_VIEWS;

/** How the list is ordered; the first is the default, `seguimiento` the default of a due view. */
export const LIST_SORTS = {
  recientes: 'Más recientes',
  puntuacion: 'Puntuación más alta',
  actividad: 'Actividad más reciente',
  seguimiento: 'Siguiente paso más próximo',
} as const;
export type ListSort = keyof typeof LIST_SORTS;

export const isListSort = (value: string): value is ListSort => Object.hasOwn(LIST_SORTS, value);
const isDueView = (value: string): value is DueView => Object.hasOwn(DUE_VIEWS, value);

/** The order a list gets when none was chosen. */
export const defaultSort = (filter: LeadFilter): ListSort => (filter.view ? 'seguimiento' : 'recientes');

export interface ParsedListQuery {
  filter: LeadFilter;
  sort: ListSort;
  page: number;
  /** Where the previous page ended (`tras`, ./keyset.ts), as the URL carries it; read with the sort. */
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

/** `%`, `_` and the escape character itself, taken literally inside LIKE … ESCAPE '\'. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface SqlFragment {
  /** `WHERE …` or '' */
  where: string;
  params: Array<string | number>;
  /** The same conditions with merged leads counted too (`WHERE true` without any): see `countSql`. */
  withMerged: string;
  /** SQLite, a search and nothing else: the ids of the leads it lists, merged ones too (every one exists). */
  searchSet?: string;
}

/** A lead's searchable text; a lead the inbox has not indexed yet is found by name, e-mail and company. */
const searched = (alias: string) =>
  `COALESCE(${alias}.search_text, lower(${alias}.name || ' ' || ${alias}.email || ' ' || COALESCE(${alias}.company, '')))`;

/** Trigrams index words of three characters or more; a shorter one is compared on the lead's text. */
const TRIGRAM = 3;

/** FTS5 phrases that must all appear (a phrase of the trigram tokenizer matches anywhere inside a word). */
const ftsQuery = (words: readonly string[]) => words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');

/**
 * The team's status, next step date and last activity are copied onto the lead (pipeline-migrations.ts), so
 * these read one table and its indexes. A missing next step sorts after every date.
 */
const OPEN = `l.work_status NOT IN ('ganado', 'perdido')`;
const NOT_MERGED = 'NOT EXISTS (SELECT 1 FROM pipeline_merges m WHERE m.lead_id = l.id)';
export const NEXT_STEP_ORDER = "COALESCE(l.next_step_date, '9999-12-31')";
export const ACTIVITY_ORDER = 'COALESCE(l.activity_at, l.received_at)';

type Param = (value: string | number) => string;

const liked = (alias: string, word: string, param: Param) =>
  `${searched(alias)} LIKE ${param(likePattern(word))} ESCAPE '\\'`;

/**
 * A lead merged into another is still found by what it said: its e-mail, phone, reference and message.
 * Merged leads are few: each one's own text is compared (the correlated EXISTS keeps the planner from
 * comparing every lead's).
 */
const mergedMatching = (query: SearchQuery, param: Param) =>
  `SELECT mm.into_id FROM pipeline_merges mm WHERE EXISTS (SELECT 1 FROM leads x WHERE x.id = mm.lead_id AND ${query.words.map((word) => liked('x', word, param)).join(' AND ')})`;

/**
 * SQLite: the leads whose text holds every word, from the FTS5 trigram table (words under three letters
 * compared on the text), with those merged leads point to and the reference, as one set of ids.
 */
function sqliteSearch(query: SearchQuery, param: Param): { condition: string; set?: string } {
  const sets: string[] = [];
  if (query.words.length) {
    const indexed = query.words.filter((word) => Array.from(word).length >= TRIGRAM);
    const compared = query.words.filter((word) => !indexed.includes(word));
    const fts = indexed.length
      ? `SELECT rowid FROM leads_search WHERE leads_search MATCH ${param(ftsQuery(indexed))}`
      : undefined;
    // Only the index when it says it all: reading each matching lead's row costs more than the search.
    sets.push(
      fts && compared.length === 0
        ? fts
        : `SELECT x.id FROM leads x WHERE ${[...(fts ? [`x.id IN (${fts})`] : []), ...compared.map((word) => liked('x', word, param))].join(' AND ')}`,
      mergedMatching(query, param),
    );
  }
  if (query.id !== undefined)
    sets.push(
      `SELECT id FROM leads WHERE id = ${param(query.id)}`,
      `SELECT mm.into_id FROM pipeline_merges mm WHERE mm.lead_id = ${param(query.id)}`,
    );
  // A unary + keeps the planner from fetching every match by id and sorting them all (a common word
  // matches a quarter of the leads): it walks the sort's index and tests each id against the set. A
  // reference sorts first, which no index serves: then the few matches are fetched by id.
  const member = query.id === undefined ? '+l.id' : 'l.id';
  if (!sets.length) return { condition: '1 = 0' };
  const set = sets.join(' UNION ');
  return { condition: `${member} IN (${set})`, set };
}

/**
 * PostgreSQL: the words compared on the lead itself, which the GIN trigram index answers as a bitmap, OR
 * the ids of merged leads and of the reference as arrays (bitmaps of the primary key): the planner reads
 * only the matching rows, instead of every lead to join them with a set.
 */
function postgresSearch(query: SearchQuery, param: Param): string {
  const matches: string[] = [];
  if (query.words.length)
    matches.push(
      `(${query.words.map((word) => liked('l', word, param)).join(' AND ')})`,
      `l.id = ANY (ARRAY(${mergedMatching(query, param)}))`,
    );
  if (query.id !== undefined)
    matches.push(
      `l.id = ${param(query.id)}`,
      `l.id = ANY (ARRAY(SELECT mm.into_id FROM pipeline_merges mm WHERE mm.lead_id = ${param(query.id)}))`,
    );
  return matches.length ? `(${matches.join(' OR ')})` : '1 = 0';
}

/**
 * The WHERE clause over `leads l LEFT JOIN inbox_lead_state s ON s.lead_id = l.id LEFT JOIN pipeline_deals d
 * ON d.lead_id = l.id` (a lead without a state row is nuevo and unassigned, without a deal row has no next
 * step). Placeholders start after `offset` existing parameters; `today` (Mexico City) decides the due views.
 * A search reads PostgreSQL's trigram index through LIKE, and SQLite's FTS5 table (`leads_search`).
 */
export function filterSql(
  filter: LeadFilter,
  offset = 0,
  today = todayInMexicoCity(),
  dialect: Dialect = 'postgres',
): SqlFragment {
  const params: Array<string | number> = [];
  const conditions: string[] = [];
  const param = (value: string | number) => {
    params.push(value);
    return `$${offset + params.length}`;
  };
  if (filter.status) conditions.push(`l.work_status = ${param(filter.status)}`);
  if (filter.kind) conditions.push(`l.form_type = ${param(LEAD_KINDS[filter.kind].formType)}`);
  if (filter.from) conditions.push(`l.received_at >= ${param(zonedTimeToUtc(filter.from, '00:00').toISOString())}`);
  if (filter.to)
    conditions.push(`l.received_at < ${param(zonedTimeToUtc(addDays(filter.to, 1), '00:00').toISOString())}`);
  if (filter.language)
    conditions.push(
      filter.language === SITE.locale
        ? `(l.language IS NULL OR l.language = ${param(filter.language)})`
        : `l.language = ${param(filter.language)}`,
    );
  if (filter.assignee === 'none') conditions.push('s.assignee_id IS NULL');
  else if (filter.assignee !== undefined) conditions.push(`s.assignee_id = ${param(filter.assignee)}`);
  if (filter.view === 'hoy') conditions.push(`${NEXT_STEP_ORDER} = ${param(today)} AND ${OPEN}`);
  if (filter.view === 'vencidos') conditions.push(`${NEXT_STEP_ORDER} < ${param(today)} AND ${OPEN}`);
  // Open leads nobody planned anything for: where work gets forgotten.
  if (filter.view === 'sin-paso') conditions.push(`d.next_step IS NULL AND ${OPEN}`);
  let searchSet: string | undefined;
  if (filter.text) {
    const query = parseSearch(filter.text);
    const search = dialect === 'sqlite' ? sqliteSearch(query, param) : { condition: postgresSearch(query, param) };
    // A search alone is counted on its set of ids (see countSql).
    if (conditions.length === 0) searchSet = search.set;
    conditions.push(search.condition);
  }
  const withMerged = `WHERE ${conditions.length ? conditions.join(' AND ') : 'true'}`;
  // Last: SQLite tests the conditions in order, and the cheapest (a set, a column) should go first.
  conditions.push(NOT_MERGED);
  return { where: `WHERE ${conditions.join(' AND ')}`, params, withMerged, ...(searchSet ? { searchSet } : {}) };
}

/**
 * How many leads a filter lists: those matching, merged ones included, less the merged ones among them.
 * Counting every lead with a merge check each took most of a page at 100,000 leads; this way each count
 * reads an index alone (and the merged leads, which are few). `from` is what the filter's aliases need.
 */
export function countSql(fragment: SqlFragment, from: string): string {
  // A search alone: its set counted once, without testing every lead against it (half the time of a
  // search that one lead in six matches).
  if (fragment.searchSet)
    return `WITH s AS MATERIALIZED (${fragment.searchSet})
      SELECT (SELECT count(*) FROM s) - (SELECT count(*) FROM pipeline_merges m WHERE m.lead_id IN (SELECT * FROM s)) AS n`;
  return `SELECT (SELECT count(*) ${from} ${fragment.withMerged})
    - (SELECT count(*) ${from} ${fragment.withMerged} AND l.id IN (SELECT lead_id FROM pipeline_merges)) AS n`;
}

/**
 * The ORDER BY of a sort; ties go newest first, so a page never repeats or skips a lead. A search for a
 * reference (`CONT-42`) lists that lead first, before any lead whose texts merely say it.
 */
export function orderSql(sort: ListSort, filter: LeadFilter = {}): string {
  const newest = 'l.received_at DESC, l.id DESC';
  const id = filter.text ? parseSearch(filter.text).id : undefined;
  // A safe integer from parseSearch, written as a literal so the placeholders stay the filter's.
  const first = id === undefined ? '' : `CASE WHEN l.id = ${String(id)} THEN 0 ELSE 1 END, `;
  switch (sort) {
    case 'puntuacion':
      return `ORDER BY ${first}COALESCE(l.score, -1) DESC, ${newest}`;
    case 'actividad':
      return `ORDER BY ${first}${ACTIVITY_ORDER} DESC, ${newest}`;
    case 'seguimiento':
      return `ORDER BY ${first}${NEXT_STEP_ORDER}, ${newest}`;
    default:
      return `ORDER BY ${first}${newest}`;
  }
}
