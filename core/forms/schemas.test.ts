import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { loadContentFacts } from '../content/load.ts';
import { hasLoneSurrogate, MESSAGES } from './fields.ts';
import * as schemas from './schemas.ts';

const { fieldErrors, smallContactSchema } = schemas;
// The real lists of content/form-options.yaml and content/offers.yaml, as the API builds them.
const lists = loadContentFacts().lists;
const bigContactSchema = schemas.bigContactSchema(lists);
const projectContactSchema = schemas.projectContactSchema(lists);
const cloudMigrationSchema = schemas.cloudMigrationSchema(lists);
const integrationsSchema = schemas.integrationsSchema(lists);
const consultingSchema = schemas.consultingSchema(lists);
const consultancySchema = schemas.consultancySchema(lists);

function errorsOf(schema: z.ZodMiniType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return fieldErrors(result.error);
}

const person = { name: 'Lucía Hernández', email: 'lucia@ferremax.mx', company: 'Ferremax' };

describe('small contact', () => {
  it('needs name, email and message; company and date are optional', () => {
    expect(errorsOf(smallContactSchema, {})).toEqual({
      name: 'Este campo es obligatorio',
      email: 'Este campo es obligatorio',
      message: 'Este campo es obligatorio',
    });
    const parsed = smallContactSchema.parse({
      name: '  Lucía  ',
      email: 'lucia@ferremax.mx',
      message: 'Hola',
      company: '',
    });
    expect(parsed).toEqual({ name: 'Lucía', email: 'lucia@ferremax.mx', message: 'Hola' });
  });

  it('rejects wrong types, long text, bad e-mails and dates', () => {
    expect(
      errorsOf(smallContactSchema, {
        name: 42,
        email: 'lucia@',
        message: 'x'.repeat(5001),
        company: 'x'.repeat(256),
        appointmentDate: '2026-11-24 10:00',
      }),
    ).toEqual({
      name: 'Este campo debe ser texto',
      email: 'El correo electrónico no es válido',
      message: 'Máximo 5,000 caracteres',
      company: 'Máximo 255 caracteres',
      appointmentDate: 'La fecha de la reunión no es válida (formato AAAA-MM-DDTHH:mm)',
    });
  });

  it('treats whitespace as empty and drops unknown keys', () => {
    expect(errorsOf(smallContactSchema, { ...person, message: '   ' })).toEqual({
      message: 'Este campo es obligatorio',
    });
    expect(smallContactSchema.parse({ ...person, message: 'Hola', isAdmin: true })).not.toHaveProperty('isAdmin');
  });

  it('accepts exactly 255 and 5,000 characters', () => {
    expect(smallContactSchema.safeParse({ ...person, name: 'n'.repeat(255), message: 'm'.repeat(5000) }).success).toBe(
      true,
    );
  });
});

describe('large contact', () => {
  it('needs projectType from the options; budget and timeline must be known ids when present', () => {
    expect(errorsOf(bigContactSchema, { ...person, message: 'Hola' })).toEqual({
      projectType: 'Este campo es obligatorio',
    });
    expect(
      errorsOf(bigContactSchema, {
        ...person,
        message: 'Hola',
        projectType: 'spaceship',
        budget: 'lots',
        timeline: 'ayer',
      }),
    ).toEqual({
      projectType: 'Selecciona una opción de la lista',
      budget: 'Selecciona una opción de la lista',
      timeline: 'Selecciona una opción de la lista',
    });
  });

  it('normalises the phone and validates it', () => {
    const ok = bigContactSchema.parse({ ...person, message: 'Hola', projectType: 'web-app', phone: '(55) 4161-2280' });
    expect(ok.phone).toBe('+525541612280');
    expect(
      errorsOf(bigContactSchema, { ...person, message: 'Hola', projectType: 'web-app', phone: '041612280' }),
    ).toEqual({
      phone: 'Ingresa un teléfono de 10 dígitos (puedes anteponer +52)',
    });
  });
});

describe('start project', () => {
  it('requires every field but the meeting date', () => {
    expect(Object.keys(errorsOf(projectContactSchema, {})).sort()).toEqual(
      [
        'budget',
        'company',
        'currentSituation',
        'description',
        'email',
        'name',
        'phone',
        'projectType',
        'timeline',
        'urgency',
      ].sort(),
    );
    const valid = {
      ...person,
      phone: '+52 81 8765 4321',
      projectType: 'ecommerce',
      budget: '300k-700k',
      timeline: '3-6-months',
      description: 'Tienda en línea con facturación CFDI',
      urgency: 'high',
      currentSituation: 'Vendemos por WhatsApp',
    };
    expect(projectContactSchema.safeParse(valid).success).toBe(true);
    expect(errorsOf(projectContactSchema, { ...valid, urgency: 'yesterday' })).toEqual({
      urgency: 'Selecciona una opción de la lista',
    });
  });
});

describe('consultancy (form type 4)', () => {
  const cloud = {
    serviceType: 'cloud-migration',
    ...person,
    currentInfrastructure: 'on-premise',
    systemType: 'erp',
    challenges: 'Servidor de 2014 sin respaldo',
    goals: 'Llevar el ERP a la nube',
  };
  const integrations = {
    serviceType: 'integrations',
    ...person,
    currentSystems: 'CONTPAQi y Shopify',
    integrationType: 'e-invoicing',
    businessGoals: 'Facturar automáticamente',
    challenges: 'Captura manual',
  };

  it('routes each serviceType to its form', () => {
    expect(consultancySchema.safeParse(cloud).success).toBe(true);
    expect(cloudMigrationSchema.safeParse(cloud).success).toBe(true);
    expect(consultancySchema.safeParse(integrations).success).toBe(true);
    expect(integrationsSchema.safeParse(integrations).success).toBe(true);
    // An integrations body does not satisfy the cloud-migration form.
    expect(errorsOf(consultancySchema, { ...integrations, serviceType: 'cloud-migration' })).toMatchObject({
      currentInfrastructure: 'Este campo es obligatorio',
      systemType: 'Este campo es obligatorio',
      goals: 'Este campo es obligatorio',
    });
  });

  it('needs a known serviceType', () => {
    expect(errorsOf(consultancySchema, { ...person })).toEqual({ serviceType: 'Este campo es obligatorio' });
    expect(errorsOf(consultancySchema, { ...person, serviceType: 'astrology' })).toEqual({
      serviceType: 'Selecciona un tipo de servicio de la lista',
    });
  });

  it('asks the conditional fields of the infrastructure audit and the migration strategy', () => {
    const base = { ...person, goals: 'Reducir costos', currentSituation: 'Tres servidores en oficina' };
    expect(consultingSchema.safeParse({ ...base, serviceType: 'architecture' }).success).toBe(true);
    expect(errorsOf(consultingSchema, { ...base, serviceType: 'infrastructure-audit' })).toEqual({
      currentInfrastructure: 'Este campo es obligatorio',
      userCount: 'Este campo es obligatorio',
      challenges: 'Este campo es obligatorio',
    });
    expect(errorsOf(consultancySchema, { ...base, serviceType: 'migration-strategy' })).toEqual({
      currentInfrastructure: 'Este campo es obligatorio',
      systemType: 'Este campo es obligatorio',
      migrationGoals: 'Este campo es obligatorio',
    });
    expect(
      consultancySchema.safeParse({
        ...base,
        serviceType: 'infrastructure-audit',
        currentInfrastructure: 'vps-dedicated',
        userCount: '1001-10000',
        challenges: 'Caídas en quincena',
      }).success,
    ).toBe(true);
  });
});

describe('one-line fields and free text', () => {
  it('refuses line breaks and control characters in one-line fields, with a Spanish message', () => {
    for (const name of ['Ana\r\nBcc: x@y.mx', 'Ana\nLópez', 'Ana\u0000', 'Ana\u2028B']) {
      expect(errorsOf(smallContactSchema, { ...person, name, message: 'Hola' })).toEqual({
        name: 'Escribe este dato en una sola línea, sin saltos de línea ni caracteres de control',
      });
    }
    expect(errorsOf(smallContactSchema, { ...person, company: 'Ferre\tmax', message: 'Hola' })).toHaveProperty(
      'company',
    );
  });

  it('refuses bidirectional controls, zero-width characters and soft hyphens in names and companies', () => {
    const invisible = MESSAGES.invisible;
    for (const name of [
      'Ana \u202Eodnanreh',
      'Ál\u200Bvaro',
      'Ál\u00ADvaro',
      'Ana\u2066 López',
      'An\uFEFFa',
      'Ana\u200F',
    ]) {
      expect(errorsOf(smallContactSchema, { ...person, name, message: 'Hola' }), JSON.stringify(name)).toEqual({
        name: invisible,
      });
      expect(errorsOf(smallContactSchema, { ...person, company: name, message: 'Hola' })).toEqual({
        company: invisible,
      });
    }
    // Right-to-left names written as such, accents and emoji in the message stay welcome.
    expect(errorsOf(smallContactSchema, { ...person, name: 'نور الهدى', message: 'Hola 👋 ¿qué tal?' })).toEqual({});
  });

  it('refuses half an emoji (a lone UTF-16 surrogate) in any text, and keeps whole emoji', () => {
    const message =
      'El texto tiene un carácter incompleto (por ejemplo, un emoji cortado) que no se puede guardar; bórralo y vuelve a escribirlo';
    for (const broken of ['Ana \ud800', '\udc00Ana', 'Ana \ud83d', 'Ana \ude00 López', '\ud800\ud800\udc00']) {
      expect(errorsOf(smallContactSchema, { ...person, name: broken, message: 'Hola' })).toEqual({ name: message });
      expect(errorsOf(smallContactSchema, { ...person, company: broken, message: 'Hola' })).toEqual({
        company: message,
      });
      expect(errorsOf(smallContactSchema, { ...person, message: `Hola ${broken}` })).toEqual({ message });
    }
    expect(errorsOf(smallContactSchema, { ...person, name: 'Ana 😀 López', message: 'Hola 👋🏽' })).toEqual({});
    expect(hasLoneSurrogate('😀😀')).toBe(false);
    expect(hasLoneSurrogate('😀'.slice(0, 1))).toBe(true);
    expect(hasLoneSurrogate('😀'.slice(1))).toBe(true);
  });

  it('keeps line breaks and tabs in a message but refuses other control characters', () => {
    expect(errorsOf(smallContactSchema, { ...person, message: 'Hola,\r\n\tqueremos una app.\nGracias' })).toEqual({});
    expect(errorsOf(smallContactSchema, { ...person, message: 'Hola\u0007' })).toEqual({
      message: 'El texto tiene caracteres de control que no se pueden guardar; bórralos y vuelve a escribirlo',
    });
  });
});

describe('schemas built from lists', () => {
  it('accept exactly the ids of the lists they are given (an API that serves other ids is followed)', () => {
    const served = schemas.bigContactSchema({ ...lists, proyects: [{ id: '7', proyect: 'Tienda' }] });
    expect(served.safeParse({ ...person, message: 'Hola', projectType: '7' }).success).toBe(true);
    expect(errorsOf(served, { ...person, message: 'Hola', projectType: 'web-app' })).toEqual({
      projectType: 'Selecciona una opción de la lista',
    });
  });

  it('name the list that is missing instead of accepting anything', () => {
    expect(() => schemas.bigContactSchema({})).toThrow('Falta la lista de opciones "proyects"');
    expect(schemas.formSchema('small', {})).toBe(smallContactSchema);
  });

  it('offer the audit and the migration strategy their own fields only when content/offers.yaml has them', () => {
    const onlyGeneral = schemas.consultingSchema({
      ...lists,
      consultingServices: [{ id: 'architecture', label: 'Arquitectura' }],
    });
    expect(
      onlyGeneral.safeParse({ ...person, serviceType: 'architecture', goals: 'x', currentSituation: 'y' }).success,
    ).toBe(true);
    expect(
      onlyGeneral.safeParse({ ...person, serviceType: 'infrastructure-audit', goals: 'x', currentSituation: 'y' })
        .success,
    ).toBe(false);
  });
});
