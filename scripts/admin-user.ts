/**
 * `npm run admin:user -- --email E --role admin|sales`: creates and manages the sales inbox's accounts
 * (also --reset, --disable, --enable, --list; --help). Uses the server's database (DATABASE_URL or
 * DATABASE_PATH, or --db for a SQLite file). The password comes from ADMIN_PASSWORD or is asked for
 * without echo.
 */
import { loadAdminConfig } from '../server/admin/config.ts';
import { ConfigError } from '../server/errors.ts';
import { loadCommandConfig } from '../server/config.ts';
import { parseUserCommand } from '../server/admin/user-command/args.ts';
import { PromptCancelled, readSecret } from '../server/admin/user-command/prompt.ts';
import { runUserCommand } from '../server/admin/user-command/run.ts';
import { openDatabase } from '../server/database.ts';

const parsed = parseUserCommand(process.argv.slice(2));
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(2);
}

const config = loadCommandConfig(process.env, 2);
// The same hash cost as the server's sign-in (ADMIN_PASSWORD_SCRYPT_LOG_N).
let passwordCost;
try {
  passwordCost = loadAdminConfig(process.env).passwordCost;
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}

// A fresh database gets every table, as the server would create them.
const storage = await openDatabase(parsed.db ? { databasePath: parsed.db } : config);
let code = 1;
try {
  const blank = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
  code = await runUserCommand(parsed.command, storage, {
    password: blank(process.env.ADMIN_PASSWORD),
    ask: (question) => readSecret(question, process.stdin, process.stderr),
    interactive: process.stdin.isTTY,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    now: () => new Date(),
    passwordCost,
  });
} catch (error) {
  if (error instanceof PromptCancelled) process.stderr.write(`${error.message}\n`);
  else throw error;
} finally {
  await storage.close();
}
process.exit(code);
