/**
 * Opposition and revocation on both engines, as the service answers them: the person's queued e-mails stop
 * (another person's stay queued), the exclusion list holds the keyed hash, and the outbox worker's check holds
 * back later mail about data given before the objection, but not a form sent afterwards nor the team's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../core/content/load.ts';
import { createOutboxStore } from '../db/outbox.ts';
import type { Storage } from '../db/storage.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { TERMINAL } from './audit.ts';
import { objectionHoldBack } from './objections.ts';
import { STOPPED_MAIL } from './registry.ts';
import { createPrivacyService } from './service.ts';
import { openTestStorage } from '../testing/storage.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-28T18:00:00.000Z');
const ROSA = 'rosa@ejemplo.mx';
const DANIEL = 'daniel@ejemplo.mx';

describe.each(TEST_ENGINES)('opposition and revocation (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;
  let outboxDir: string;

  const lead = async (id: number, email: string, receivedAt: Date) => {
    await storage.run(
      `INSERT INTO leads (id, form_type, name, email, fields, origin_page, received_at, client_hash)
       VALUES ($1, 1, 'Persona de prueba', $2, '{}', '/contacto', $3, 'prueba')`,
      [id, email, receivedAt.toISOString()],
    );
  };
  const queue = (leadId: number | null, recipient: string) =>
    createOutboxStore(storage).enqueue({
      leadId,
      audience: 'client',
      recipient,
      subject: 'Tu solicitud',
      message: '{}',
      messageId: `<${leadId ?? 'cuenta'}-${recipient}@angram.mx>`,
      now: NOW.toISOString(),
    });

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine));
    outboxDir = mkdtempSync(join(tmpdir(), 'angram-objections-'));
    await lead(1, ROSA, new Date(NOW.getTime() - 10 * DAY_MS));
    await lead(2, DANIEL, new Date(NOW.getTime() - 10 * DAY_MS));
  });

  afterAll(async () => {
    await close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it("stops the person's queued mail and holds back later mail about what they gave before", async () => {
    const rosas = await queue(1, ROSA);
    const daniels = await queue(2, DANIEL);
    const privacy = createPrivacyService({ storage, outboxDir, facts: loadContentFacts() });
    const { requestId, stopped } = await privacy.object(
      { email: ROSA },
      { actor: TERMINAL, now: NOW, kind: 'oposicion', reason: 'Ya no quiere recibir correos.' },
    );
    expect(stopped).toBe(1);
    const rows = await storage.all<{ id: number; status: string; last_error: string | null }>(
      'SELECT id, status, last_error FROM outbox ORDER BY id',
    );
    expect(rows).toEqual([
      { id: rosas, status: 'failed', last_error: STOPPED_MAIL.objection },
      { id: daniels, status: 'pending', last_error: null },
    ]);
    const [objection] = await storage.all<{ kind: string; request_id: number }>(
      'SELECT kind, request_id FROM privacy_objections',
    );
    expect(objection).toEqual({ kind: 'oposicion', request_id: requestId });

    const holdBack = objectionHoldBack(storage);
    expect(await holdBack({ lead_id: 1, recipient: ROSA })).toBe(STOPPED_MAIL.objection);
    expect(await holdBack({ lead_id: 2, recipient: DANIEL })).toBeUndefined();
    // The team's own mail (a sign-in link) is never held back, even to that address.
    expect(await holdBack({ lead_id: null, recipient: ROSA })).toBeUndefined();
    // A form she sends after objecting is a new request of her own.
    await lead(3, ROSA, new Date(NOW.getTime() + DAY_MS));
    expect(await holdBack({ lead_id: 3, recipient: ROSA })).toBeUndefined();
  });
});
