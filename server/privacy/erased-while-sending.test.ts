/**
 * A privacy erasure that runs while the outbox worker is writing one of the person's messages: the erasure
 * lists the message's `.eml` copies before this one exists, so the worker, once it records the send, finds
 * the body erased and removes the copy itself. On both engines, with the real erasure and the real files.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../core/content/load.ts';
import { createOutboxStore } from '../db/outbox.ts';
import type { Storage } from '../db/storage.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { silentLogger } from '../log/logger.ts';
import { TERMINAL } from './audit.ts';
import { createPrivacyService } from './service.ts';
import { scanDirectory } from './testing/scan.ts';
import { waitFor } from '../testing/api.ts';
import { startOutboxWorker } from '../email/outbox-worker.ts';
import { emlDirectoryTransport, type MailTransport } from '../email/transport.ts';
import { insertTestLead, openTestStorage } from '../testing/storage.ts';

const EMAIL = 'octavio@ladrillera-tonala.mx';
const NAME = 'Octavio Larrañaga';

async function queueConfirmation(storage: Storage): Promise<number> {
  const leadId = await insertTestLead(storage, {
    name: NAME,
    email: EMAIL,
    fields: { name: NAME },
    originPage: '/contacto',
    receivedAt: new Date().toISOString(),
  });
  await createOutboxStore(storage).enqueue({
    leadId,
    audience: 'client',
    recipient: EMAIL,
    subject: 'Recibimos tu mensaje',
    message: JSON.stringify({
      audience: 'client',
      from: 'Angram <hola@angram.mx>',
      to: { address: EMAIL, name: NAME },
      replyTo: 'ventas@angram.mx',
      subject: 'Recibimos tu mensaje',
      html: `<p>Hola, ${NAME}</p>`,
      text: `Hola, ${NAME}`,
      attachments: [],
    }),
    messageId: '<confirmacion@angram.mx>',
    now: new Date().toISOString(),
  });
  return leadId;
}

describe.each(TEST_ENGINES)('an erasure while the message is being written (%s)', (engine) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(eraseDuringSend: boolean) {
    const { storage, close } = await openTestStorage(engine);
    cleanups.push(close);
    await queueConfirmation(storage);
    const outboxDir = mkdtempSync(join(tmpdir(), 'angram-erased-send-'));
    cleanups.push(() => rm(outboxDir, { recursive: true, force: true }));
    const privacy = createPrivacyService({ storage, outboxDir, facts: loadContentFacts() });
    const eml = emlDirectoryTransport(outboxDir);
    const sent: number[] = [];
    // The message was read and is being written when the erasure runs and commits.
    const transport: MailTransport = {
      ...eml,
      async send(message, outboxId, messageId) {
        if (eraseDuringSend)
          await privacy.cancel({ email: EMAIL }, { actor: TERMINAL, now: new Date(), reason: 'Lo pidió por correo.' });
        await eml.send(message, outboxId, messageId);
        sent.push(outboxId);
      },
    };
    const worker = startOutboxWorker({
      storage,
      transport,
      logger: silentLogger,
      retryBaseMs: 1000,
      giveUpAfterMs: 3_600_000,
      leaseMs: 60_000,
    });
    cleanups.push(() => worker.stop());
    await waitFor(() => sent.length === 1, 'the write');
    await worker.idle();
    return { outboxDir };
  }

  it('leaves no copy of the erased message behind', async () => {
    const { outboxDir } = await setUp(true);
    expect(readdirSync(outboxDir).filter((name) => name.endsWith('.eml'))).toEqual([]);
    expect(scanDirectory(outboxDir, [EMAIL, NAME])).toEqual({});
  });

  it('keeps the copy of a message nobody erased', async () => {
    const { outboxDir } = await setUp(false);
    expect(existsSync(join(outboxDir, '000001-client.eml'))).toBe(true);
  });
});
