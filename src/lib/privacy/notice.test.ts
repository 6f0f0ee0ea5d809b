import { describe, expect, it } from 'vitest';
import { contactDetails } from '../../../core/contact.ts';
import { loadContentFacts } from '../../../core/content/load.ts';
import type { PrivacyNotice } from '../../../core/content/privacy.ts';
import { ARCO_DEADLINE_DAYS } from '../../../core/privacy.ts';
import { SITE } from '../../../core/site.ts';
import { joinList, noticeFacts, shortNotice, textParts } from './notice.ts';

const facts = loadContentFacts();
const contact = contactDetails(facts.contact);
const noticeFactsNow = noticeFacts(contact, { leadMonths: 18, mailBodyDays: 10 });
const DOMICILIO = contact.address;

describe('the notice texts with their facts', () => {
  it('fill the controller, the retention limits and the deadlines from their homes', () => {
    expect(
      textParts(
        '{responsable}, {domicilio}: {mesesLeads} meses, {diasCorreos} días, {diasRespuesta}/{diasEfectiva}.',
        noticeFactsNow,
      ),
    ).toEqual([
      {
        text: `${SITE.legalName}, ${contact.address}: 18 meses, 10 días, ${ARCO_DEADLINE_DAYS.answer}/${ARCO_DEADLINE_DAYS.effect}.`,
      },
    ]);
  });

  it('make the data-protection e-mail a link of its own', () => {
    expect(textParts('Escribe a {correoDatos} con:', noticeFactsNow)).toEqual([
      { text: 'Escribe a ' },
      { text: contact.dataProtectionEmail, href: `mailto:${contact.dataProtectionEmail}` },
      { text: ' con:' },
    ]);
    expect(textParts('{correoDatos}', noticeFactsNow)).toEqual([
      { text: contact.dataProtectionEmail, href: contact.dataProtectionMailto },
    ]);
  });

  it('throw on a placeholder without a value instead of printing braces', () => {
    expect(() => textParts('Hola {nombre}', noticeFactsNow)).toThrow('usa {nombre}');
  });

  it('join lists the Mexican way', () => {
    expect(joinList(['a'])).toBe('a');
    expect(joinList(['responder', 'agendar', 'preparar'])).toBe('responder, agendar y preparar');
  });
});

describe('the short notice of every form', () => {
  const notice: PrivacyNotice = facts.privacy;

  it('says who collects and every necessary purpose, and links the full notice', () => {
    const short = shortNotice(notice, DOMICILIO);
    expect(short.text).toContain(SITE.legalName);
    // The law asks the short notice for the company's domicile too.
    expect(short.text).toContain(DOMICILIO);
    for (const purpose of notice.purposes.necessary) expect(short.text).toContain(purpose.short);
    expect(short.link).toEqual({ label: notice.shortNotice.link, href: '/aviso-de-privacidad' });
  });

  it('offers one refusal per voluntary purpose, and none while there are none', () => {
    expect(shortNotice({ ...notice, purposes: { ...notice.purposes, voluntary: [] } }, DOMICILIO)).toMatchObject({
      refusals: [],
    });
    expect(
      shortNotice({ ...notice, purposes: { ...notice.purposes, voluntary: [] } }, DOMICILIO).voluntary,
    ).toBeUndefined();
    const withOne = shortNotice(
      {
        ...notice,
        purposes: {
          ...notice.purposes,
          voluntary: [
            {
              id: 'boletin',
              short: 'enviarte nuestro boletín',
              description: 'Enviarte el boletín mensual.',
              refusal: 'No quiero recibir el boletín',
            },
          ],
        },
      },
      DOMICILIO,
    );
    expect(withOne.refusals).toEqual([{ id: 'boletin', label: 'No quiero recibir el boletín' }]);
    expect(withOne.voluntary).toContain('enviarte nuestro boletín');
  });
});
