/**
 * `npm run outbox`: the operator's view of the e-mail queue, on the database the API uses
 * (`DATABASE_URL` or `DATABASE_PATH`).
 *
 *   npm run outbox                         counts per status, then the failed messages
 *   npm run outbox -- requeue --all        puts every failed message back in the queue
 *   npm run outbox -- requeue --id 7 --id 9
 *
 * A requeued message is sent by the running API's worker within its next poll, with its original
 * Message-ID, and gets a full retry period again.
 */
import { parseArgs } from 'node:util';
import { loadCommandConfig } from '../server/config.ts';
import { openDatabase } from '../server/database.ts';
import { createOutboxStore } from '../server/db/outbox.ts';

const USAGE = 'Uso: npm run outbox [-- requeue (--all | --id N [--id M…])]';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { all: { type: 'boolean' }, id: { type: 'string', multiple: true } },
  });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
const { values, positionals } = parsed;
const command = positionals[0] ?? 'list';
if (!['list', 'requeue'].includes(command) || positionals.length > 1) fail(USAGE);

const ids = (values.id ?? []).map((value) => {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) fail(`Id inválido: "${value}". ${USAGE}`);
  return id;
});
if (command === 'requeue' && !values.all && ids.length === 0) fail(`Indica --all o al menos un --id.\n${USAGE}`);

const config = loadCommandConfig(process.env, 1);

const storage = await openDatabase(config);
try {
  const outbox = createOutboxStore(storage);
  if (command === 'requeue') {
    const count = await outbox.requeueFailed(new Date().toISOString(), values.all ? undefined : ids);
    process.stdout.write(
      `${count} ${count === 1 ? 'mensaje vuelve' : 'mensajes vuelven'} a la cola; el worker de la API ${count === 1 ? 'lo enviará' : 'los enviará'} en su próxima vuelta.\n`,
    );
  } else {
    const counts = await outbox.counts();
    process.stdout.write(`Pendientes: ${counts.pending}  Enviados: ${counts.sent}  Fallidos: ${counts.failed}\n`);
    const failed = await outbox.failed();
    if (failed.length > 0) {
      process.stdout.write('\nid\tlead\tdestinatario\tintentos\túltimo error\n');
      for (const row of failed) {
        const error = (row.last_error ?? '').replace(/\s+/g, ' ').slice(0, 160);
        // A message about no lead (a sign-in link) shows a dash.
        const lead = row.lead_id === null ? '—' : `CONT-${row.lead_id}`;
        process.stdout.write(`${row.id}\t${lead}\t${row.recipient}\t${row.attempts}\t${error}\n`);
      }
      process.stdout.write('\nPara reenviarlos: npm run outbox -- requeue --all (o --id N).\n');
    }
  }
} finally {
  await storage.close();
}
