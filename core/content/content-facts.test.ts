import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTACT_FILE, contactSchema } from './contact.ts';
import { FORM_OPTIONS_FILE, formOptionsSchema } from './form-options.ts';
import { loadContentFacts } from './load.ts';
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
