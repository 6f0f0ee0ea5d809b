/**
 * The privacy notice's content as editors write it: the real file is valid, and each mistake fails naming
 * content/privacy.yaml (or content/contact.yaml) and the field, in Spanish.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTACT_FILE, contactSchema } from './contact.ts';
import { ContentError, parseContent } from './parse.ts';
import { PRIVACY_FILE, privacySchema } from './privacy.ts';

const source = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** The error an editor reads for `file` with `from` replaced by `to`. */
function errorFor(file: string, schema: Parameters<typeof parseContent>[2], from: string | RegExp, to: string): string {
  const text = source(file);
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`${file} no contiene ${String(from)}`);
  try {
    parseContent(file, changed, schema);
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  throw new Error('se esperaba un error');
}

const privacyError = (from: string | RegExp, to: string) => errorFor(PRIVACY_FILE, privacySchema, from, to);

describe('content/privacy.yaml', () => {
  it('the real file is valid, with its date, its necessary purposes and every block placed once', () => {
    const notice = parseContent(PRIVACY_FILE, source(PRIVACY_FILE), privacySchema);
    expect(notice.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(notice.purposes.necessary.length).toBeGreaterThan(0);
    const blocks = notice.sections.flatMap((section) => (section.block ? [section.block] : []));
    expect(blocks.sort()).toEqual(['controller', 'forms', 'purposes', 'storage']);
  });

  it('names the file and an unknown field', () => {
    const message = privacyError(/\n {4}title: Quién es responsable/, '\n    titel: Quién es responsable');
    expect(message).toContain('content/privacy.yaml tiene errores');
    expect(message).toMatch(/sections\[0\]\.titel: Campo desconocido: los campos válidos son id, title, body/);
    expect(message).toContain('sections[0].title: Falta este campo');
  });

  it('refuses a placeholder the page cannot fill, listing the valid ones', () => {
    expect(privacyError('escribe a {correoDatos} con', 'escribe a {correo} con')).toMatch(
      /sections\[\d+\]\.body\[1\]: \{correo\} no es un dato conocido: aquí puedes usar \{responsable\}, \{domicilio\}, \{correoDatos\}/,
    );
  });

  it('requires the notice to state both retention limits and the time to answer', () => {
    expect(privacyError('{mesesLeads} meses', '24 meses')).toContain(
      'sections: El aviso debe decir {mesesLeads}: escríbelo en el texto de alguna sección',
    );
    expect(privacyError('{diasCorreos} días', '30 días')).toContain('sections: El aviso debe decir {diasCorreos}');
  });

  it('places each part the site draws in exactly one section', () => {
    expect(privacyError('    block: storage\n', '')).toContain(
      'sections: La parte "storage" va en exactamente una sección (block: storage); hoy está en 0',
    );
    expect(privacyError('    block: purposes\n', '    block: forms\n')).toContain(
      'La parte "forms" va en exactamente una sección',
    );
  });

  it('refuses a date that does not exist, and names a form left without its name', () => {
    // A bare YAML date is rolled over by the YAML reader itself (2026-02-30 becomes 2 March); quoted, it is checked.
    for (const written of ["'2026-02-30'", 'noviembre 2026']) {
      expect(privacyError(/lastUpdated: .*/, `lastUpdated: ${written}`)).toContain(
        'lastUpdated: Se espera la fecha de la última actualización que exista, escrita como 2026-12-31',
      );
    }
    expect(privacyError(/\n {2}consulting: .*/, '')).toContain('forms.consulting: Falta este campo');
  });

  it('asks a voluntary purpose for the text of its refusal box', () => {
    // The first voluntary purpose without its `refusal:` line.
    expect(privacyError(/\n {6}refusal: .*/, '')).toContain('purposes.voluntary[0].refusal: Falta este campo');
  });

  it('says where a browser key is kept with a known kind', () => {
    expect(privacyError('kind: sessionStorage', 'kind: indexedDB')).toContain(
      'browserStorage[0].kind: "indexedDB" no es válido: se espera dónde se guarda (sessionStorage, localStorage, cookie)',
    );
  });
});

describe('content/contact.yaml, the controller facts', () => {
  it('names a postal code that is not five digits and a missing data-protection e-mail', () => {
    expect(errorFor(CONTACT_FILE, contactSchema, "postalCode: '03900'", 'postalCode: 3900')).toContain(
      'address.postalCode: Se espera el código postal de cinco dígitos, no un número',
    );
    expect(errorFor(CONTACT_FILE, contactSchema, /\ndataProtectionEmail: .*/, '')).toContain(
      'dataProtectionEmail: Falta este campo: se espera el correo para solicitudes sobre datos personales',
    );
  });
});
