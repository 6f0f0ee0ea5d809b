import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITED_FILE, rateLimitedCopy } from './rate-limited-page.ts';

/** The copy read from a checkout whose content/rate-limited.yaml had `from` replaced by `to`. */
function readEdited(from: string, to: string): () => unknown {
  return () => {
    const root = mkdtempSync(join(tmpdir(), 'angram-429-'));
    try {
      cpSync(new URL('../../content/', import.meta.url), join(root, 'content'), { recursive: true });
      const path = join(root, RATE_LIMITED_FILE);
      const text = readFileSync(path, 'utf8');
      expect(text).toContain(from);
      writeFileSync(path, text.replace(from, to));
      return rateLimitedCopy(`${root}/`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
}

describe('content/rate-limited.yaml (/429)', () => {
  it('is valid and offers the two channels', () => {
    const copy = rateLimitedCopy();
    expect(copy.channels.whatsapp).toMatch(/WhatsApp/);
    expect(copy.channels.email).toMatch(/correo/i);
  });

  it('names the file and the field of a missing button text and of an unknown field', () => {
    expect(readEdited('  whatsapp: Escribir por WhatsApp\n', '')).toThrow(
      /content\/rate-limited\.yaml tiene errores:\n\s+- channels\.whatsapp: Falta este campo/,
    );
    expect(readEdited('  home: Ir al Inicio', '  hom: Ir al Inicio')).toThrow(/hero\.hom: Campo desconocido/);
  });
});
