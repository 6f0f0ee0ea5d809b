/**
 * The production process, logging everything (LOG_LEVEL=trace), while its PostgreSQL database is gone:
 * every route family fails, and no line it writes carries a token, a password, an e-mail address or the
 * client's address, though each request carried them in its URL, headers or body.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/api.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../db/testing/engines.ts';
import { bringBack, takeAway } from '../db/testing/faults.ts';

/** 43 characters of base64url, as the manage, sign-in and calendar tokens are. */
const TOKEN = 'kQ7vX2mN9pLr4TgW8yHc1ZsB6dFj3AeU0oIq5KxVbRn';
const EMAIL = 'lucia.hernandez@ferremax.com.mx';
const PASSWORD = 'Ferremax-Contraseña-2026';
const CLIENT_IP = '203.0.113.77';
const SECRETS = [TOKEN, EMAIL, 'ferremax', PASSWORD, CLIENT_IP];

const dir = mkdtempSync(join(tmpdir(), 'angram-logs-'));
const dist = join(dir, 'dist');
mkdirSync(dist);
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Inicio</title>');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let child: ChildProcess | undefined;
let database: TestDatabase | undefined;
afterEach(async () => {
  const running = child?.exitCode === null && child.signalCode === null ? child : undefined;
  if (running) {
    running.kill('SIGKILL');
    await once(running, 'exit');
  }
  await database?.drop();
  child = database = undefined;
});

/** Starts `server/index.ts` with its stderr kept; resolves with its address once it prints it. */
async function start(env: NodeJS.ProcessEnv, stderr: string[]): Promise<string> {
  const server = spawn(process.execPath, ['server/index.ts'], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'production',
      DIST_DIR: dist,
      OUTBOX_DIR: join(dir, 'outbox'),
      LOG_LEVEL: 'trace',
      SHUTDOWN_DELAY_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '2000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = server;
  server.stderr.setEncoding('utf8');
  server.stderr.on('data', (chunk: string) => stderr.push(chunk));
  server.stdout.setEncoding('utf8');
  let output = '';
  return new Promise<string>((resolve, reject) => {
    server.stdout.on('data', (chunk: string) => {
      output += chunk;
      const match = /(http:\/\/[^\s]+?)\s/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    // 'close', not 'exit': by then every line the process wrote has been read.
    server.once('close', (code) => reject(new Error(`el servidor terminó (código ${code}): ${stderr.join('')}`)));
  });
}

/** What a visitor, a client's manage link, a salesperson's sign-in link and a calendar app send. */
function requests(url: string): Array<Promise<Response>> {
  const carrying = {
    Cookie: `angram_session=${TOKEN}`,
    Authorization: `Bearer ${TOKEN}`,
    'X-Forwarded-For': CLIENT_IP,
  };
  const json = { ...carrying, 'Content-Type': 'application/json' };
  const lead = { name: 'Lucía Hernández', email: EMAIL, phone: '5512345678', message: `Mi correo es ${EMAIL}` };
  return [
    fetch(`${url}/api/webSite/contactSmall`, { method: 'POST', headers: json, body: JSON.stringify(lead) }),
    fetch(`${url}/api/webSite/meeting?token=${TOKEN}&email=${encodeURIComponent(EMAIL)}`, { headers: carrying }),
    fetch(`${url}/api/webSite/meeting?token=${TOKEN}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: TOKEN, email: EMAIL }),
    }),
    fetch(`${url}/admin/login/link?t=${TOKEN}`, { headers: carrying }),
    fetch(`${url}/admin/login`, {
      method: 'POST',
      headers: { ...carrying, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: EMAIL, password: PASSWORD }).toString(),
    }),
    fetch(`${url}/admin/calendario/12-${TOKEN}.ics`, { headers: carrying }),
    fetch(`${url}/admin/contacts?q=${encodeURIComponent(EMAIL)}`, { headers: carrying }),
    fetch(`${url}/reunion?t=${TOKEN}`, { headers: carrying }),
  ];
}

describe.runIf(TEST_ENGINES.includes('postgres'))('the logs of a server whose database is gone', () => {
  it('name the failing routes and hold none of the secrets the requests carried', async () => {
    database = await createTestDatabase('postgres');
    const databaseUrl = database.env.DATABASE_URL ?? '';
    const stderr: string[] = [];
    const url = await start(database.env, stderr);
    await takeAway(databaseUrl);
    try {
      const answers = await Promise.all(requests(url));
      const statuses = answers.map((answer) => answer.status);
      await Promise.all(answers.map((answer) => answer.arrayBuffer()));
      // The API and the inbox both answered from a failing database.
      expect(statuses[1]).toBeGreaterThanOrEqual(500);
      expect(statuses[5]).toBeGreaterThanOrEqual(500);
      // Each route family's failure is logged, with its path and the secrets hidden.
      const logged = [
        '"url":"/api/webSite/contactSmall"',
        '"url":"/api/webSite/meeting?[oculto]"',
        '"url":"/admin/login/link?[oculto]"',
        '"url":"/admin/calendario/12-[oculto].ics"',
      ];
      await waitFor(
        () => logged.every((path) => stderr.join('').includes(path)),
        'las líneas de las peticiones fallidas',
      );
    } finally {
      await bringBack(databaseUrl);
    }
    child?.kill('SIGTERM');
    if (child) await once(child, 'close');
    const lines = stderr.join('').split('\n').filter(Boolean);
    // Every line is a JSON event with a level by name; the process did log its failures.
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: expect.any(String) as string });
    for (const secret of SECRETS) expect(lines.filter((line) => line.includes(secret))).toEqual([]);
  });
});

describe('an unknown LOG_LEVEL', () => {
  it('stops the start with a Spanish message naming the variable and its levels', async () => {
    const stderr: string[] = [];
    const refused = start({ DATABASE_PATH: join(dir, 'leads.db'), LOG_LEVEL: 'verbose' }, stderr);
    await expect(refused).rejects.toThrow(/código 1/);
    expect(stderr.join('')).toContain('- LOG_LEVEL: LOG_LEVEL debe ser uno de: fatal, error, warn, info, debug');
  });
});
