/**
 * `npm run leads:export [-- --out leads.csv] [-- --db data/leads.db]`: every stored enquiry as CSV
 * (UTF-8 with BOM, so Excel in es-MX shows accents right). Without --out the CSV goes to stdout.
 * Reads the database the API uses: `DATABASE_URL` (PostgreSQL) or `DATABASE_PATH`/`--db` (SQLite).
 */
import { closeSync, existsSync, openSync, renameSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadServerConfig } from '../server/config.ts';
import { createWorkStore } from '../server/admin/store/work.ts';
import { openDatabase } from '../server/database.ts';
import { writeLeadsCsv } from '../server/lead/csv.ts';
import { createAuditLog, TERMINAL } from '../server/privacy/audit.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', short: 'o' },
    db: { type: 'string' },
  },
});

const config = loadServerConfig(process.env);
const databasePath = values.db ?? config.databasePath;
const databaseUrl = values.db ? undefined : config.databaseUrl;
if (!databaseUrl && !existsSync(databasePath)) {
  process.stderr.write(`No existe la base de datos ${databasePath}: revisa DATABASE_PATH o --db.\n`);
  process.exit(1);
}

// Reading while the API runs is safe on both engines (WAL readers never block the writer). The export
// enters the audit trail, whose table a database that never met this version gets here.
const storage = await openDatabase({ databaseUrl, databasePath });
const target = values.out;
const partial = target ? `${target}.partial` : undefined;
// Every lead's personal data: only the owner of the file reads it.
const fd = partial ? openSync(partial, 'w', 0o600) : 1;
try {
  // Every lead with the team's work on it (status, assignee, deal), as the inbox exports it.
  const count = await writeLeadsCsv(createWorkStore(storage).matching({}), config.facts, (chunk) => {
    writeSync(fd, chunk);
  });
  if (partial && target) {
    closeSync(fd);
    renameSync(partial, target);
  }
  await createAuditLog(storage).record({
    actor: TERMINAL,
    action: 'csv_export',
    detail: { leads: count },
    at: new Date(),
  });
  process.stderr.write(
    `${count} ${count === 1 ? 'registro exportado' : 'registros exportados'}${target ? ` a ${target}` : ''}.\n`,
  );
} finally {
  await storage.close();
}
