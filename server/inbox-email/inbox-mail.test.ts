import { describe, expect, it } from 'vitest';
import { signInLinkMessage } from './inbox-mail.ts';
import { emailSettings } from '../email/settings.ts';

const URL_WITH_TOKEN = 'https://www.angram.mx/admin/login/link?t=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

describe('the one-time sign-in link e-mail', () => {
  const message = signInLinkMessage(
    { to: 'ana@angram.mx', name: 'Ana <López>', url: URL_WITH_TOKEN, minutes: 15 },
    emailSettings(),
  );

  it('goes to the account, about no lead, with the link, its 15 minutes and the copy of content/emails.yaml', () => {
    expect(message.audience).toBe('account');
    expect(message.to).toEqual({ name: 'Ana <López>', address: 'ana@angram.mx' });
    expect(message.subject).toMatch(/^Tu enlace para entrar a la bandeja de ventas de /);
    expect(message.text).toContain(URL_WITH_TOKEN);
    expect(message.text).toContain('Vale 15 minutos, una sola vez y solo en el navegador desde el que lo pediste.');
    expect(message.html).toContain(`href="${URL_WITH_TOKEN}"`);
    expect(message.attachments).toEqual([]);
  });

  it('escapes the account’s name in the HTML', () => {
    expect(message.html).toContain('Ana &lt;López&gt;');
    expect(message.html).not.toContain('<López>');
  });
});
