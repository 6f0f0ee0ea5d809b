/**
 * The leads `npm run bench:inbox` measures, written as the API and the inbox write them: a third worked
 * (status, assignee, history), a fifth with a deal and a next step around today, received over 52 weeks.
 */
import { addDays, todayInMexicoCity } from '../core/dates.ts';
import type { Queryable, SqlValue, Storage } from '../server/db/storage.ts';
import { foldText } from '../server/lead/search.ts';

const WEEK_MS = 7 * 86_400_000;
const STATUSES = ['contactado', 'propuesta', 'ganado', 'perdido'] as const;
const NAMES = [
  'Lucía Hernández',
  'Jorge Treviño',
  'Ana Sofía Gutiérrez',
  'Ricardo Salinas',
  'Patricia Olvera',
  'Fernando Aguilar',
];
const COMPANIES = [
  'Ferremax',
  'Logística del Norte',
  'Café Origen',
  'Clínicas Vida',
  'Grupo Altiplano',
  'Distribuidora Maya',
];
const MESSAGES = [
  'Queremos una app web para controlar el inventario de nuestras sucursales.',
  'Necesitamos un portal de clientes con facturación y seguimiento de pedidos.',
  'Buscamos automatizar la cotización de fletes entre Monterrey y Laredo.',
  'Nos interesa una app móvil para que los técnicos registren sus visitas.',
];
/** Where visits landed and came from: most leads carry an origin, as the site's forms send it. */
const LANDINGS = [
  '/',
  '/servicios/aplicaciones-web',
  '/contacto',
  '/iniciar-proyecto',
  '/portfolio',
  '/servicios/apps-moviles',
];
const ORIGINS = [
  { referrer: 'https://www.google.com/' },
  { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'apps-web-monterrey' },
  { utm_source: 'facebook', utm_medium: 'social', utm_campaign: 'inventarios-2026' },
  { referrer: 'https://www.linkedin.com/feed/' },
  { utm_source: 'boletin', utm_medium: 'email', utm_campaign: 'casos-de-exito' },
  {},
];

/** The columns of a lead `leadRow` gives values for (the id apart). */
export const LEAD_COLUMNS = [
  'form_type',
  'name',
  'email',
  'company',
  'phone',
  'fields',
  'origin_page',
  'received_at',
  'client_hash',
  'attribution',
  'search_text',
  'score',
] as const;

/** The `i`-th lead, received at `receivedAt`, as the API writes it (with its search text and score). */
export function leadRow(i: number, receivedAt: string): SqlValue[] {
  const name = `${NAMES[i % NAMES.length] ?? ''} ${String(i)}`;
  const company = `${COMPANIES[i % COMPANIES.length] ?? ''} ${String(i % 97)}`;
  const email = `lead${String(i)}@ejemplo.mx`;
  const phone = `55${String(10_000_000 + ((i * 7919) % 90_000_000))}`;
  const message = MESSAGES[i % MESSAGES.length] ?? '';
  // One lead in seven came with no origin at all (an old form, a blocked script).
  const attribution =
    i % 7 === 6
      ? null
      : JSON.stringify({ landing: LANDINGS[i % LANDINGS.length] ?? '/', ...ORIGINS[(i >> 1) % ORIGINS.length] });
  const fields = JSON.stringify({ name, email, company, phone, message });
  const searchText = [name, email, company, message, phone].map(foldText).join('\n');
  return [
    (i % 4) + 1,
    name,
    email,
    company,
    phone,
    fields,
    '/contacto',
    receivedAt,
    'bench',
    attribution,
    searchText,
    (i * 37) % 101,
  ];
}

/** Rows per INSERT statement, and statements per transaction. */
const ROWS = 250;
const STATEMENTS = 4;

/** `rows` rows of `columns` values as one multi-row INSERT. */
async function insertRows(
  db: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly SqlValue[][],
): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((_, r) => `(${columns.map((_, c) => `$${String(r * columns.length + c + 1)}`).join(', ')})`);
  await db.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`, rows.flat());
}

/** Leads `first` to `last - 1` (ids `first + 1`…), received over the 52 weeks before `now`, as the API writes them. */
export async function seed(storage: Storage, first: number, last: number, now: number): Promise<void> {
  const today = todayInMexicoCity(new Date(now));
  for (let start = first; start < last; start += ROWS * STATEMENTS) {
    await storage.transaction(async (tx) => {
      for (let from = start; from < Math.min(last, start + ROWS * STATEMENTS); from += ROWS) {
        const leads: SqlValue[][] = [];
        const states: SqlValue[][] = [];
        const events: SqlValue[][] = [];
        const deals: SqlValue[][] = [];
        for (let i = from; i < Math.min(last, from + ROWS); i += 1) {
          const id = i + 1;
          // Each seeding spreads its leads over the whole period, oldest first, as leads arrive: ids follow
          // time, as in a real database (a random order would make every range read jump around the file).
          const receivedAt = new Date(now - (1 - (i - first + 0.5) / (last - first)) * 52 * WEEK_MS).toISOString();
          leads.push([id, ...leadRow(i, receivedAt)]);
          if (i % 5 === 0) {
            const status = STATUSES[i % STATUSES.length] ?? 'contactado';
            const won = status === 'ganado';
            deals.push([
              id,
              won ? 50_000 + (i % 40) * 10_000 : null,
              addDays(today, (i % 21) - 10),
              'Llamar para revisar la propuesta',
              receivedAt,
              1,
            ]);
          }
          if (i % 3 !== 0) continue;
          const status = STATUSES[i % STATUSES.length] ?? 'contactado';
          const contacted = new Date(Date.parse(receivedAt) + ((i % 48) + 1) * 3_600_000).toISOString();
          states.push([
            id,
            status,
            1,
            status === 'perdido' ? 'presupuesto' : null,
            status === 'perdido' ? null : contacted,
            status === 'propuesta' || status === 'ganado' ? contacted : null,
            contacted,
            1,
          ]);
          events.push([id, 1, 'status', contacted, 'nuevo', status]);
        }
        await insertRows(tx, 'leads', ['id', ...LEAD_COLUMNS], leads);
        await insertRows(
          tx,
          'inbox_lead_state',
          [
            'lead_id',
            'status',
            'assignee_id',
            'lost_reason',
            'first_contact_at',
            'proposal_at',
            'updated_at',
            'version',
          ],
          states,
        );
        await insertRows(
          tx,
          'inbox_lead_events',
          ['lead_id', 'user_id', 'kind', 'at', 'from_value', 'to_value'],
          events,
        );
        await insertRows(
          tx,
          'pipeline_deals',
          ['lead_id', 'value_mxn', 'next_step_date', 'next_step', 'activity_at', 'version'],
          deals,
        );
      }
    });
  }
  if (storage.dialect === 'postgres') {
    // Ids were given: the sequence moves past them; the planner learns the new sizes, and the pages
    // written are marked all-visible, as autovacuum leaves a table between bursts of writes (an index
    // alone answers then).
    await storage.run("SELECT setval(pg_get_serial_sequence('leads', 'id'), (SELECT max(id) FROM leads))");
    await storage.run('VACUUM ANALYZE');
  } else {
    await storage.run('ANALYZE');
  }
}
