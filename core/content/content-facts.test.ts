import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTACT_FILE, contactSchema } from './contact.ts';
import { EMAILS_FILE, emailsSchema } from './emails.ts';
import { FORM_OPTIONS_FILE, formOptionsSchema } from './form-options.ts';
import { loadContentFacts, readContentFacts } from './load.ts';
import { OFFERS_FILE, offersSchema } from './offers.ts';
import { ContentError, parseContent } from './parse.ts';

const source = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** The error an editor reads for `file` with one line replaced. */
function errorFor(file: string, schema: Parameters<typeof parseContent>[2], from: string, to: string): string {
  const text = source(file);
  if (!text.includes(from)) throw new Error(`${file} no contiene ${from}`);
  try {
    parseContent(file, text.replace(from, to), schema);
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  throw new Error('se esperaba un error');
}

describe('editorial facts read outside Astro (the API, scripts)', () => {
  it('the real files are valid', () => {
    const facts = loadContentFacts();
    expect(facts.lists.proyects.length).toBeGreaterThan(0);
    expect(facts.lists.consultingServices.map((service) => service.id)).toContain('infrastructure-audit');
    expect(facts.contact.email).toMatch(/@/);
  });

  it('name the file and the field of a price written as text', () => {
    const message = errorFor(OFFERS_FILE, offersSchema, 'amount: 2500', 'amount: "2,500"');
    expect(message).toContain('content/offers.yaml tiene errores');
    expect(message).toContain('architecture.price.amount: Se espera el precio sin decimales ni comas, no texto');
  });

  it('refuse a return whose range runs backwards, and an audit without its return', () => {
    expect(errorFor(OFFERS_FILE, offersSchema, 'maxPercent: 500', 'maxPercent: 200')).toContain(
      'infrastructure-audit.roi.maxPercent: minPercent no puede ser mayor que maxPercent',
    );
    expect(
      errorFor(OFFERS_FILE, offersSchema, '  roi: { minPercent: 300, maxPercent: 500, months: 6 }\n', ''),
    ).toContain('infrastructure-audit.roi: Falta el retorno de inversión que promete la auditoría');
  });

  it('refuse a repeated option id and a budget with an amount but no estimate', () => {
    expect(errorFor(FORM_OPTIONS_FILE, formOptionsSchema, '{ id: mobile-app,', '{ id: web-app,')).toContain(
      'proyects[1].id: El id "web-app" ya está en esta lista',
    );
    expect(errorFor(FORM_OPTIONS_FILE, formOptionsSchema, ', estimate: 75000 }', ' }')).toContain(
      'budgets[0].estimate: Un rango con monto lleva currency y estimate',
    );
  });

  it('refuse a WhatsApp number written with signs, and report YAML syntax errors with their line', () => {
    expect(
      errorFor(CONTACT_FILE, contactSchema, "whatsappNumber: '525541612280'", "whatsappNumber: '+52 55 4161 2280'"),
    ).toContain('whatsappNumber: Se espera el número con código de país y solo dígitos');
    const broken = errorFor(CONTACT_FILE, contactSchema, 'email: hola@angram.mx', 'email: [hola@angram.mx');
    expect(broken).toContain('content/contact.yaml no es YAML válido');
    expect(broken).toMatch(/línea \d+, columna \d+/);
  });
});

/** The error of reading a copy of content/ with `edit` applied to one file (as the build and the server read it). */
function factsErrorWith(file: string, edit: (text: string) => string): string {
  const root = mkdtempSync(join(tmpdir(), 'angram-content-'));
  try {
    cpSync(new URL('../../content/', import.meta.url), join(root, 'content'), { recursive: true });
    const path = join(root, file);
    const edited = edit(readFileSync(path, 'utf8'));
    expect(edited, `${file} sin cambios`).not.toBe(readFileSync(path, 'utf8'));
    writeFileSync(path, edited);
    readContentFacts(root);
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  throw new Error('se esperaba un error');
}

describe('consultants checked against the forms and the team (content/consultants.yaml)', () => {
  it('stop on a project type the forms gained and nobody covers, naming file and field', () => {
    const message = factsErrorWith(FORM_OPTIONS_FILE, (text) =>
      text.replace('proyects:\n', 'proyects:\n  - { id: iot, proyect: Internet de las cosas }\n'),
    );
    expect(message).toContain('content/consultants.yaml tiene errores');
    expect(message).toContain('general.projectTypes: Nadie atiende "iot"');
  });

  it('stop on an id the forms do not have and on a member who left content/team/', () => {
    expect(
      factsErrorWith('content/consultants.yaml', (text) => text.replace('[cloud-native]', '[cloud-natve]')),
    ).toMatch(/specialists\[\d\]\.projectTypes\[0\]: "cloud-natve" no es un tipo de proyecto/);
    expect(
      factsErrorWith('content/consultants.yaml', (text) => text.replace('member: rodrigo-salinas', 'member: rodrigo')),
    ).toMatch(/specialists\[\d\]\.member: "rodrigo" no está en content\/team\//);
  });
});

describe('e-mail copy (content/emails.yaml)', () => {
  it('keeps what a visitor typed out of the confirmation: a client text cannot use {cliente}', () => {
    const message = errorFor(
      EMAILS_FILE,
      emailsSchema,
      'reference: Tu referencia es **{referencia}**.',
      'reference: Hola {cliente}, tu referencia es **{referencia}**.',
    );
    expect(message).toContain(
      'client.reference: Usa {cliente}, que este texto no tiene: puede usar {marca}, {referencia}',
    );
  });

  it('names an open mark and a link where the code puts none', () => {
    expect(
      errorFor(
        EMAILS_FILE,
        emailsSchema,
        "nextStep: '**Siguiente paso:** {recomendacion}'",
        "nextStep: '**Siguiente paso: {recomendacion}'",
      ),
    ).toContain('internal.nextStep: Falta cerrar un ** o un [ ]');
    expect(
      errorFor(
        EMAILS_FILE,
        emailsSchema,
        'chosenCaption: Lo que elegiste en el formulario',
        "chosenCaption: '[Lo que elegiste] en el formulario'",
      ),
    ).toContain('client.chosenCaption: Este texto no lleva enlaces');
  });
});
