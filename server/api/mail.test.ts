import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpPeer, type SmtpPeer } from '../email/testing/smtp-peer.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { OPEN_SLOT, startTestApi, subjectOf, VALID, waitFor, type TestApi } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';

describe.each(TEST_ENGINES)('e-mail (%s)', (engine) => {
  let t: TestApi | undefined;
  let peer: SmtpPeer | undefined;
  afterEach(async () => {
    await t?.dispose();
    await peer?.close();
    t = undefined;
    peer = undefined;
  });

  describe('e-mail through SMTP', () => {
    it('delivers the client and the internal message with their fixed subjects and the invite', async () => {
      peer = await startSmtpPeer();
      t = await startTestApi({ SMTP_URL: peer.url, SALES_EMAIL: 'ventas@angram.mx' }, { engine });
      const res = await t.post('/api/webSite/contactSmall', { ...VALID.small, appointmentDate: OPEN_SLOT });
      expect(res.status).toBe(201);
      await waitFor(() => peer!.received.length === 2, 'two messages at the SMTP peer');

      const toClient = peer.received.find((mail) => mail.to.includes(VALID.small.email));
      const toSales = peer.received.find((mail) => mail.to.includes('ventas@angram.mx'));
      expect(subjectOf(toClient!.raw)).toBe('Hemos recibido tu mensaje - Angram');
      expect(subjectOf(toSales!.raw)).toBe('Nuevo Contacto Recibido - Angram');
      expect(toClient!.from).toBe('hola@angram.mx');
      for (const mail of [toClient!, toSales!]) {
        expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
        expect(mail.raw).toContain('filename=reunion.ics');
      }
      // The internal message alone carries the analysis.
      expect(toSales!.raw).toContain('AN=C3=81LISIS PRELIMINAR');
      expect(toClient!.raw).not.toContain('AN=C3=81LISIS PRELIMINAR');
      await waitFor(
        async () => (await t!.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 2,
        'outbox rows marked sent',
      );
    });

    it('keeps the submission when the peer refuses mail, retries, and delivers once it accepts', async () => {
      peer = await startSmtpPeer();
      peer.state.refuse = true;
      t = await startTestApi({ SMTP_URL: peer.url, OUTBOX_RETRY_BASE_MS: '40' }, { engine });
      const res = await t.post('/api/webSite/contactProyect', VALID.project);
      expect(res.status).toBe(201);
      expect(await t.count('leads')).toBe(1);

      await waitFor(
        async () =>
          (await t!.rows("SELECT 1 FROM outbox WHERE status = 'pending' AND attempts >= 2 AND last_error IS NOT NULL"))
            .length === 2,
        'two failed attempts per message',
      );
      expect(peer.received).toHaveLength(0);
      const [pending] = await t.rows<{ last_error: string }>('SELECT last_error FROM outbox LIMIT 1');
      expect(pending?.last_error).toContain('451');

      peer.state.refuse = false;
      await waitFor(
        async () => (await t!.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 2,
        'messages sent after the peer recovers',
      );
      expect(peer.received.map((mail) => subjectOf(mail.raw)).sort()).toEqual([
        'Confirmación de Proyecto - Angram',
        'Nuevo Proyecto Registrado - Angram',
      ]);
      expect(await t.count('leads')).toBe(1);
    });

    it("marks a message refused with 5xx 'failed' at once, without retrying it, and keeps the lead", async () => {
      peer = await startSmtpPeer();
      peer.state.refuse = true;
      peer.state.code = 550;
      t = await startTestApi({ SMTP_URL: peer.url, OUTBOX_RETRY_BASE_MS: '10' }, { engine });
      expect((await t.post('/api/webSite/contactSmall', VALID.small)).status).toBe(201);
      await waitFor(
        async () => (await t!.rows("SELECT 1 FROM outbox WHERE status = 'failed' AND attempts = 1")).length === 2,
        'messages failed',
      );
      await t.api.close();
      expect(peer.state.refusals).toBe(2);
      const [failed] = await t.rows<{ last_error: string }>('SELECT last_error FROM outbox LIMIT 1');
      expect(failed?.last_error).toMatch(/^Rechazado por el servidor: .*550/);
      expect(await t.count('leads')).toBe(1);
    });
  });

  describe('e-mail without SMTP', () => {
    it('writes one complete .eml per message to OUTBOX_DIR and marks them sent', async () => {
      t = await startTestApi({}, { engine });
      const res = await t.post('/api/webSite/contactConsultancy', { ...VALID.consulting, appointmentDate: undefined });
      expect(res.status).toBe(201);
      await waitFor(
        async () => (await t!.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 2,
        'eml files written',
      );
      const files = readdirSync(t.config.outboxDir).sort();
      expect(files).toEqual(['000001-client.eml', '000002-internal.eml']);
      const client = readFileSync(join(t.config.outboxDir, files[0]!), 'utf8');
      // The confirmation names no one: the display name would be text the visitor typed.
      expect(client).toMatch(/^To: polvera@grupoaltiplano\.mx$/m);
      expect(subjectOf(client)).toBe('Solicitud de Consultoría Recibida - Angram');
      expect(client).toMatch(/Content-Type: multipart\/alternative/);
      expect(client).toMatch(/Content-Type: text\/html; charset=utf-8/);
      const internal = readFileSync(join(t.config.outboxDir, files[1]!), 'utf8');
      expect(subjectOf(internal)).toBe('Nueva Solicitud de Consultoría - Angram');
      expect(internal).toMatch(/^To: ventas@angram\.mx$/m);
      expect(internal).toMatch(/^Reply-To: polvera@grupoaltiplano\.mx$/m);
    });
  });
});
