/**
 * What `npm run bench:inbox` prints after its timings: the indexes each engine's planner picks at the
 * bench's size for the board's columns, «Vencidos», the next-step sort and a page after a key, and whether
 * any of them reads the whole `leads` table instead.
 */
import { countSql, filterSql, orderSql, type LeadFilter, type ListSort } from '../server/lead/filter-store.ts';
import { afterKeySql } from '../server/lead/keyset.ts';
import type { SqlValue, Storage } from '../server/db/storage.ts';

async function planOf(storage: Storage, sql: string, params: readonly SqlValue[]): Promise<string> {
  const explain = storage.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN';
  const rows = await storage.all<Record<string, string>>(`${explain} ${sql}`, [...params]);
  return rows.map((row) => row.detail ?? row['QUERY PLAN'] ?? '').join('\n');
}

/** The indexes a plan names, and «lee toda la tabla» when it scans `leads` whole. */
function summary(plan: string): string {
  const indexes = new Set([...plan.matchAll(/(?:using|USING INDEX|USING COVERING INDEX) (\w+)/g)].map((m) => m[1]));
  const whole = /Seq Scan on leads\b|SCAN l\b(?! USING)|SCAN leads\b(?! USING)/.test(plan);
  return `${[...indexes].join(', ') || 'sin índice'}${whole ? ' · lee toda la tabla' : ''}`;
}

function list(filter: LeadFilter, sort: ListSort, today: string, after?: readonly SqlValue[]) {
  const fragment = filterSql(filter, 0, today, 'postgres');
  const params: SqlValue[] = [...fragment.params];
  const param = (value: SqlValue) => {
    params.push(value);
    return `$${String(params.length)}`;
  };
  const [first, receivedAt, id] = after ?? [];
  const keyed =
    first === undefined || first === null || typeof receivedAt !== 'string' || typeof id !== 'number'
      ? ''
      : ` AND ${afterKeySql(sort, { first, receivedAt, id }, param)}`;
  return { sql: `SELECT l.id FROM leads l ${fragment.where}${keyed} ${orderSql(sort, filter)} LIMIT 20`, params };
}

export async function printPlans(storage: Storage, today: string): Promise<void> {
  const overdue = filterSql({ view: 'vencidos' }, 0, today, storage.dialect);
  const middle = await storage.get<{ received_at: string; id: number; next: string }>(
    `SELECT received_at, id, COALESCE(next_step_date, '9999-12-31') AS next FROM leads ORDER BY id LIMIT 1 OFFSET 5000`,
  );
  const queries: Array<[string, { sql: string; params: readonly SqlValue[] }]> = [
    ['Vencidos, página', list({ view: 'vencidos' }, 'seguimiento', today)],
    ['Vencidos, total', { sql: countSql(overdue, 'FROM leads l'), params: overdue.params }],
    ['Siguiente paso, página', list({}, 'seguimiento', today)],
    [
      'Siguiente paso, página tras una llave',
      list({}, 'seguimiento', today, [middle?.next ?? today, middle?.received_at ?? '', middle?.id ?? 1]),
    ],
    [
      'Más recientes, página tras una llave',
      list({}, 'recientes', today, [middle?.received_at ?? '', middle?.received_at ?? '', middle?.id ?? 1]),
    ],
    ...(['nuevo', 'contactado', 'ganado'] as const).map((status): [string, { sql: string; params: SqlValue[] }] => {
      const board = filterSql({}, 0, today, storage.dialect);
      return [
        `Tablero, columna ${status}`,
        {
          sql: `SELECT l.id FROM leads l ${board.where} AND l.work_status = $1
                ORDER BY COALESCE(l.next_step_date, '9999-12-31'), COALESCE(l.activity_at, l.received_at) DESC, l.id DESC
                LIMIT 25`,
          params: [status],
        },
      ];
    }),
  ];
  console.log('\nPlanes de consulta:');
  for (const [label, { sql, params }] of queries)
    console.log(`- ${label}: ${summary(await planOf(storage, sql, params))}`);
}
