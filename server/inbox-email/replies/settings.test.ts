/** The mailbox reader's variables, read with the server's: off by default, a wrong URL refused in Spanish. */
import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../config.ts';
import { ConfigError } from '../../errors.ts';

describe('IMAP_* variables', () => {
  it('read nothing by default and take a full IMAP URL', () => {
    expect(loadServerConfig({}).replies).toEqual({
      imapUrl: undefined,
      mailbox: 'INBOX',
      pollMs: 60_000,
      timeoutMs: 30_000,
    });
    const replies = loadServerConfig({
      IMAP_URL: 'imaps://ventas%40angram.mx:secreto@imap.angram.mx',
      IMAP_MAILBOX: 'Clientes',
      IMAP_POLL_SECONDS: '30',
    }).replies;
    expect(replies).toMatchObject({ mailbox: 'Clientes', pollMs: 30_000 });
    expect(replies.imapUrl).toBe('imaps://ventas%40angram.mx:secreto@imap.angram.mx');
  });

  it('refuse another scheme, a URL without user and a bad interval', () => {
    for (const env of [
      { IMAP_URL: 'https://imap.angram.mx' },
      { IMAP_URL: 'imaps://imap.angram.mx' },
      { IMAP_POLL_SECONDS: '0' },
    ]) {
      expect(() => loadServerConfig(env)).toThrow(ConfigError);
    }
    expect(() => loadServerConfig({ IMAP_URL: 'imap.angram.mx' })).toThrow(/IMAP_URL debe ser imaps:\/\//);
  });
});
