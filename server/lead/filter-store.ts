/**
 * The inbox's filters as SQL over the leads: `filterSql` turns a filter into one WHERE clause valid on
 * SQLite and PostgreSQL alike, `countSql` counts what it lists, `orderSql` turns a sort into its ORDER BY.
 * The list, the board and the export build their queries from these (./list-store.ts, ./board-store.ts);
 * the inbox reads the filter from the URL (server/admin/filters.ts). Merged leads are never listed.
 */
import { addDays, todayInMexicoCity, zonedTimeToUtc } from '../../core/dates.ts';
import { LEAD_KINDS, type LeadKind } from '../../core/forms/kinds.ts';
import { SITE } from '../../core/site.ts';
import type { Dialect } from '../db/storage.ts';
import { parseSearch, type SearchQuery } from './search.ts';
import type { LeadStatus } from './status.ts';

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

/** Open leads due today, overdue, or without a next step. */
export type DueView = 'hoy' | 'vencidos' | 'sin-paso';

/** How the list is ordered (see orderSql). */
export type ListSort = 'recientes' | 'puntuacion' | 'actividad' | 'seguimiento';

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
