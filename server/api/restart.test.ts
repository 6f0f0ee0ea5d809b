import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { availableSlots } from '../availability/schedule.ts';
import { addDays, todayInMexicoCity } from '../../core/dates.ts';
import { OPEN_SLOT, startTestApi, VALID, waitFor } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { MIGRATIONS } from '../db/migrations.ts';

describe.each(TEST_ENGINES)('restart (%s)', (engine) => {
  describe('restart keeps everything', () => {
    it('closes the API and reopens the same database: leads, bookings and outbox are still there', async () => {
      // A peer that is never reachable keeps the messages pending across the restart.
      const first = await startTestApi({ SMTP_URL: 'smtp://127.0.0.1:9', OUTBOX_RETRY_BASE_MS: '3600000' }, { engine });
      const stored = await first.post('/api/webSite/contactBig', { ...VALID.big, appointmentDate: OPEN_SLOT });
      expect(stored.status).toBe(201);
      await waitFor(
        async () => (await first.rows('SELECT 1 FROM outbox WHERE attempts >= 1')).length === 2,
        'first delivery attempts',
      );

      const second = await first.restart();
      try {
        expect(await second.count('leads')).toBe(1);
        expect(await second.count('bookings')).toBe(1);
        expect(
          (await second.rows<{ status: string }>('SELECT status FROM outbox ORDER BY id')).map((row) => row.status),
        ).toEqual(['pending', 'pending']);
        // The booking still holds, and ids continue.
        expect(
          (await second.post('/api/webSite/contactSmall', { ...VALID.small, appointmentDate: OPEN_SLOT })).status,
        ).toBe(409);
        const next = await second.post('/api/webSite/contactSmall', VALID.small);
        expect(next.body).toMatchObject({ id: (stored.body.id as number) + 1 });
        // Migrations ran once.
        expect(
          await second.rows("SELECT version FROM storage_migrations WHERE module = 'leads' ORDER BY version"),
        ).toEqual(MIGRATIONS.map(({ version }) => ({ version })));
      } finally {
        await second.dispose();
      }
    });
  });
});

/** The first open slot from now (real clock), as the standalone server uses real time. */
function nextRealSlot(): string {
  const now = new Date();
  const today = todayInMexicoCity(now);
  for (let offset = 1; offset <= 30; offset += 1) {
    const date = addDays(today, offset);
    const [time] = availableSlots(date, now);
    if (time) return `${date}T${time}`;
  }
  throw new Error('Sin horarios en 30 días');
}

describe('standalone process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'angram-standalone-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(extra: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; url: string }> {
    const child = spawn(process.execPath, ['server/standalone.ts'], {
      cwd: process.cwd(),
      env: {
        ...extra,
        PATH: process.env.PATH,
        API_PORT: '0',
        DATABASE_PATH: join(dir, 'leads.db'),
        OUTBOX_DIR: join(dir, 'outbox'),
        NODE_ENV: 'production',
        // Nothing balances traffic to it: a stop need not wait for a balancer to notice.
        SHUTDOWN_DELAY_MS: '0',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    const url = await new Promise<string>((resolve, reject) => {
      let log = '';
      child.stderr.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        const match = /"event":"api\.listening","url":"([^"]+)"/.exec(log);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`standalone salió con ${code}: ${log}`)));
    });
    return { child, url };
  }

  async function stop(child: ChildProcess): Promise<void> {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  it('stores a submission, is stopped, restarts on the same file and reads it back', async () => {
    const slot = nextRealSlot();
    const first = await start();
    const res = await fetch(`${first.url}webSite/contactProyect`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...VALID.project, appointmentDate: slot }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await stop(first.child);

    const second = await start();
    const schedule = await fetch(`${second.url}webSite/scheduleAvailable`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ date: slot.slice(0, 10) }),
    });
    expect(((await schedule.json()) as { schedule: string[] }).schedule).not.toContain(slot.slice(11));
    const again = await fetch(`${second.url}webSite/contactSmall`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...VALID.small, appointmentDate: slot }),
    });
    expect(again.status).toBe(409);
    await stop(second.child);

    const db = new DatabaseSync(join(dir, 'leads.db'), { readOnly: true });
    try {
      expect(db.prepare('SELECT id, name, appointment FROM leads').all()).toEqual([
        { id, name: VALID.project.name, appointment: slot },
      ]);
    } finally {
      db.close();
    }
  });

  it('watches itself without a site: its readiness checked, /metrics behind its token', async () => {
    const running = await start({ UPTIME_INTERVAL_S: '1', METRICS_TOKEN: 'token-de-prueba-para-metricas' });
    try {
      const origin = new URL(running.url).origin;
      expect((await fetch(`${origin}/metrics`)).status).toBe(401);
      const authorized = await fetch(`${origin}/metrics`, {
        headers: { Authorization: 'Bearer token-de-prueba-para-metricas' },
      });
      expect(authorized.status).toBe(200);
      const checked = () => {
        const db = new DatabaseSync(join(dir, 'leads.db'), { readOnly: true });
        try {
          return db.prepare('SELECT target, ok FROM uptime_checks').all() as Array<{ target: string; ok: number }>;
        } finally {
          db.close();
        }
      };
      await waitFor(() => checked().length > 0, 'a first uptime check', 15_000);
      // Its own listening address, whatever host it bound: the API's readiness and nothing else.
      const targets = new Set(checked().map((row) => `${new URL(row.target).port}${new URL(row.target).pathname}`));
      expect([...targets]).toEqual([`${new URL(origin).port}/api/ready`]);
      expect(checked().every((row) => row.ok === 1)).toBe(true);
    } finally {
      await stop(running.child);
    }
  });
});
