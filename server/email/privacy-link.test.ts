/**
 * The client's confirmation tells the person where the full privacy notice is (the LFPDPPP asks every
 * short notice to point to it), with the site's own address; the internal message to the sales team does not need it.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../core/routes.ts';
import type { Lead } from '../lead/model.ts';
import { emailSettings } from './settings.ts';
import { buildEmailMessages } from './templates.ts';

const lead: Lead = {
  id: 7,
  kind: 'small',
  originPage: '/',
  receivedAt: '2026-11-23T16:12:00.000Z',
  fields: { name: 'Lucía Hernández', email: 'lucia@ferremax.mx', message: 'Hola' },
};

describe('the privacy notice in the e-mails', () => {
  it('links the full notice from the client confirmation, in HTML and in text', () => {
    const settings = emailSettings();
    const notice = new URL(ROUTES.privacy, settings.siteUrl).toString();
    const [client, internal] = buildEmailMessages(lead, settings);
    expect(client.html).toContain(`href="${notice}"`);
    expect(client.html).toContain('Aviso de privacidad</a>');
    expect(client.text).toContain(notice);
    expect(internal.html).not.toContain(notice);
  });

  it('follows the site address the server runs with', () => {
    const settings = { ...emailSettings(), siteUrl: 'https://staging.angram.mx' };
    const [client] = buildEmailMessages(lead, settings);
    expect(client.html).toContain('href="https://staging.angram.mx/aviso-de-privacidad"');
  });
});
