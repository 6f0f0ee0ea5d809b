/**
 * An e-mail written on a lead's page, all the way: the salesperson posts the form, the outbox worker takes
 * the row and a real SMTP server on loopback receives the message, addressed to the client, with the
 * salesperson in Reply-To and the subject and text as typed. Both storage engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjectOf, VALID, waitFor } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { startTestAdmin, type TestAdmin } from '../testing/inbox.ts';
import { decodeMimeHeader, headerOf, plainTextOf, startSmtpPeer, type SmtpPeer } from './testing/smtp-peer.ts';

const SUBJECT = 'Tu propuesta de Angram, revisada';
const BODY = 'Hola, Jorge:\n\nTe comparto la propuesta revisada: 12 semanas y pagos mensuales.\n\nSaludos,\nAna';

describe.each(TEST_ENGINES)('e-mail from a lead through SMTP (%s)', (engine) => {
  let peer: SmtpPeer;
  let t: TestAdmin;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await startTestAdmin(engine, { SMTP_URL: peer.url, SALES_EMAIL: 'ventas@angram.mx' });
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
  });
  afterAll(async () => {
    await t.dispose();
    await peer.close();
  });

  it('delivers the message to the client with Reply-To the salesperson, and marks the row sent', async () => {
    const answer = await t.api.post('/api/webSite/contactBig', VALID.big, { Referer: 'https://www.angram.mx/' });
    expect(answer.status).toBe(201);
    const leadId = Number(answer.body.id);
    const ana = t.client();
    expect((await ana.signIn('ana@angram.mx')).status).toBe(303);
    await ana.get(`/admin/contacts/${leadId}`);
    const sent = await ana.post(`/admin/contacts/${leadId}/email`, {
      subject: SUBJECT,
      body: BODY,
      template: 'primer-contacto',
    });
    expect(sent.status).toBe(303);

    await waitFor(() => peer.received.some((mail) => subjectOf(mail.raw) === SUBJECT), 'the e-mail at the SMTP server');
    const mail = peer.received.find((candidate) => subjectOf(candidate.raw) === SUBJECT);
    expect(mail?.to).toEqual([VALID.big.email]);
    const raw = mail?.raw ?? '';
    expect(decodeMimeHeader(headerOf(raw, 'To') ?? '')).toContain(VALID.big.email);
    expect(decodeMimeHeader(headerOf(raw, 'Reply-To') ?? '')).toMatch(/^ana@angram\.mx, ventas@angram\.mx$/);
    expect(plainTextOf(raw)).toContain(BODY);
    await waitFor(
      async () =>
        (
          await t.api.rows(
            "SELECT 1 FROM outbox WHERE lead_id = $1 AND subject = $2 AND status = 'sent'",
            leadId,
            SUBJECT,
          )
        ).length === 1,
      'the outbox row marked sent',
    );
  });
});
