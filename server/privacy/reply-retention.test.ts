/**
 * Clients' replies read from the sales mailbox are e-mail bodies too: the retention job erases each one
 * MAIL_BODY_RETENTION_DAYS after it was read in, on both engines, and keeps who answered, when and the
 * subject (the lead's history still says that the client answered).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../db/storage.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { runRetention } from './retention.ts';
import { openTestStorage } from '../testing/storage.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-28T18:00:00.000Z');
const OLD_BODY = 'Sí nos interesa, mándenme la propuesta al 81 2345 6789.';
const NEW_BODY = 'Perfecto, nos vemos el martes a las 10.';

describe.each(TEST_ENGINES)('retention of reply bodies (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;
  let outboxDir: string;

  const reply = async (key: string, body: string, capturedDaysAgo: number) => {
    const at = new Date(NOW.getTime() - capturedDaysAgo * DAY_MS).toISOString();
    await storage.run(
      `INSERT INTO inbox_replies (lead_id, message_key, matched_by, from_address, subject, body, sent_at, captured_at)
       VALUES (1, $1, 'thread', 'cliente@ejemplo.mx', 'Re: Tu cotización', $2, $3, $3)`,
      [key, body, at],
    );
  };

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine));
    outboxDir = mkdtempSync(join(tmpdir(), 'angram-reply-retention-'));
    await storage.run(
      `INSERT INTO leads (id, form_type, name, email, fields, origin_page, received_at, client_hash)
       VALUES (1, 1, 'Rosa Elena Cantú', 'rosa@ejemplo.mx', '{}', '/contacto', $1, 'prueba')`,
      [new Date(NOW.getTime() - 40 * DAY_MS).toISOString()],
    );
    await reply('antigua', OLD_BODY, 31);
    await reply('reciente', NEW_BODY, 29);
  });

  afterAll(async () => {
    await close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('erases the bodies read in before the limit and keeps the rest of the reply', async () => {
    const result = await runRetention({
      storage,
      policy: { leadMonths: 24, mailBodyDays: 30 },
      outboxDir,
      now: NOW,
    });
    expect(result.replyBodiesErased).toBe(1);
    const rows = await storage.all<{ message_key: string; body: string | null; subject: string; from_address: string }>(
      'SELECT message_key, body, subject, from_address FROM inbox_replies ORDER BY id',
    );
    expect(rows).toEqual([
      { message_key: 'antigua', body: null, subject: 'Re: Tu cotización', from_address: 'cliente@ejemplo.mx' },
      { message_key: 'reciente', body: NEW_BODY, subject: 'Re: Tu cotización', from_address: 'cliente@ejemplo.mx' },
    ]);
  });

  it('erases nothing more on the next run', async () => {
    const result = await runRetention({
      storage,
      policy: { leadMonths: 24, mailBodyDays: 30 },
      outboxDir,
      now: NOW,
    });
    expect(result.replyBodiesErased).toBe(0);
  });
});
