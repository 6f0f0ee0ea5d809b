/**
 * `npm run privacy -- find|export|cancel|oppose|revoke|register|requests|retention …`: ARCO requests from the
 * terminal, on the server's database (DATABASE_URL or DATABASE_PATH, or --db for a SQLite file) and its
 * OUTBOX_DIR. `npm run privacy -- help` lists the options.
 */
import { createInterface } from 'node:readline/promises';
import { todayInMexicoCity } from '../core/dates.ts';
import { loadCommandConfig } from '../server/config.ts';
import { openDatabase } from '../server/database.ts';
import { parsePrivacyCommand } from '../server/privacy/command/args.ts';
import { runPrivacyCommand } from '../server/privacy/command/run.ts';
import { emailSettingsFor } from '../server/email/settings.ts';
import { emlDirectoryTransport, smtpTransport } from '../server/email/transport.ts';
import { stderrLogger } from '../server/log/logger.ts';
import { createMeetingService, NO_BUSY_TIMES } from '../server/meetings/service.ts';

const parsed = parsePrivacyCommand(process.argv.slice(2), todayInMexicoCity());
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(2);
}

const config = loadCommandConfig(process.env, 2);

const storage = await openDatabase(parsed.db ? { databasePath: parsed.db } : config);
// A cancellation tells the calendars of a meeting still to come, through the same transport as the server.
const transport = config.smtpUrl
  ? smtpTransport(config.smtpUrl, { timeoutMs: config.smtpTimeoutMs, maxConnections: 1 })
  : emlDirectoryTransport(config.outboxDir);
const meetings = createMeetingService({
  storage,
  settings: emailSettingsFor(config),
  urlTemplate: config.meetingUrlTemplate,
  reminders: config.meetingReminders,
  busy: NO_BUSY_TIMES,
  logger: stderrLogger,
  now: () => new Date(),
  onQueued: () => undefined,
});
let code: number;
try {
  code = await runPrivacyCommand(
    parsed.command,
    {
      storage,
      outboxDir: config.outboxDir,
      facts: config.facts,
      retention: config.retention,
      beforeErasure: (leadIds) =>
        meetings.cancelBeforeErasure(leadIds, (message, outboxId, messageId) =>
          transport.send(message, outboxId, messageId),
        ),
    },
    {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
      async ask(question) {
        const prompt = createInterface({ input: process.stdin, output: process.stderr });
        try {
          return await prompt.question(question);
        } finally {
          prompt.close();
        }
      },
      interactive: process.stdin.isTTY,
      now: () => new Date(),
    },
  );
} finally {
  transport.close();
  await storage.close();
}
process.exit(code);
