/** Log lines carry no e-mail address, whatever a message quotes. */
import { describe, expect, it } from 'vitest';
import { withoutAddresses } from './logger.ts';

describe('withoutAddresses', () => {
  it('replaces every address, in any form an SMTP answer or a JSON line writes it', () => {
    expect(withoutAddresses('550 5.1.1 <Lucia.H+ventas@ferremax.com.mx>: Recipient address rejected')).toBe(
      '550 5.1.1 <[correo]>: Recipient address rejected',
    );
    expect(withoutAddresses('{"error":"no existe ana@empresa.mx","to":"otra@ejemplo.org"}')).toBe(
      '{"error":"no existe [correo]","to":"[correo]"}',
    );
  });

  it('leaves text without an address as it is', () => {
    for (const text of ['Buzón inexistente', '2026-11-23T14:00:00.000Z', '@usuario sin dominio', 'a@b'])
      expect(withoutAddresses(text)).toBe(text);
  });
});
