/**
 * Module `access` on a database that already has leads and e-mails (both engines): the outbox keeps every
 * row, id and its id sequence through the SQLite rebuild, then accepts a message about no lead; the leads
 * gain their attribution column, which refuses text that is not JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateInbox } from '../admin/store/migrations.ts';
import { migrateAccess } from './access-migrations.ts';
import { migrateLeads } from './migrations.ts';
import { createOutboxStore } from './outbox.ts';
import type { Storage } from './storage.ts';
import { TEST_ENGINES } from './testing/engines.ts';
import { openTestStorage } from '../testing/storage.ts';

describe.each(TEST_ENGINES)('access migration (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;
  const now = '2026-11-23T14:00:00.000Z';

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine, { migrate: false }));
    await migrateLeads(storage);
    await migrateInbox(storage);
    // A database in use: a lead, three e-mails, the last one deleted (its id must never come back).
    await storage.run(
      `INSERT INTO leads (form_type, name, email, fields, origin_page, received_at, client_hash)
       VALUES (1, 'Ana', 'ana@ejemplo.mx', '{}', '/contacto', $1, 'h')`,
      [now],
    );
    const outbox = createOutboxStore(storage);
    for (const audience of ['client', 'internal', 'client'] as const)
      await outbox.enqueue({
        leadId: 1,
        audience,
        recipient: 'ana@ejemplo.mx',
        subject: 'Hola',
        message: '{}',
        messageId: `<${audience}@angram.mx>`,
        now,
      });
    await storage.run('DELETE FROM outbox WHERE id = 3');
    expect(await migrateAccess(storage)).toEqual([1]);
  });
  afterAll(() => close());

  it('keeps every outbox row and id, and goes on numbering after the highest ever handed out', async () => {
    const rows = await storage.all<{ id: number; lead_id: number; audience: string; message_id: string }>(
      'SELECT id, lead_id, audience, message_id FROM outbox ORDER BY id',
    );
    expect(rows).toEqual([
      { id: 1, lead_id: 1, audience: 'client', message_id: '<client@angram.mx>' },
      { id: 2, lead_id: 1, audience: 'internal', message_id: '<internal@angram.mx>' },
    ]);
    const id = await createOutboxStore(storage).enqueue({
      leadId: null,
      audience: 'account',
      recipient: 'equipo@angram.mx',
      subject: 'Tu enlace para entrar',
      message: '{}',
      messageId: '<account@angram.mx>',
      now,
    });
    expect(id).toBe(4);
    const due = await storage.all('SELECT id FROM outbox WHERE status = $1 ORDER BY next_attempt_at', ['pending']);
    expect(due).toHaveLength(3);
  });

  it('still refuses an unknown audience, and a lead id that does not exist', async () => {
    const insert = (leadId: number | null, audience: string) =>
      storage.run(
        `INSERT INTO outbox (lead_id, audience, recipient, subject, message, message_id, next_attempt_at, created_at)
         VALUES ($1, $2, 'x@ejemplo.mx', 's', '{}', '<x@angram.mx>', $3, $3)`,
        [leadId, audience, now],
      );
    await expect(insert(null, 'spam')).rejects.toThrow();
    await expect(insert(999, 'client')).rejects.toThrow();
  });

  it('gives leads an attribution column that holds JSON only', async () => {
    await storage.run('UPDATE leads SET attribution = $1 WHERE id = 1', ['{"utm_source":"google"}']);
    await expect(storage.run('UPDATE leads SET attribution = $1 WHERE id = 1', ['no es json'])).rejects.toThrow();
    expect(await storage.get('SELECT attribution FROM leads WHERE id = 1')).toEqual({
      attribution: '{"utm_source":"google"}',
    });
  });
});
