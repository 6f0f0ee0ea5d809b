import { describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../../core/content/load.ts';
import { LEAD_FORM_IDS, type LeadFormId } from '../../../core/forms/kinds.ts';
import {
  activeShape,
  bindForm,
  keepOfferedChoices,
  buildPayload,
  firstInvalidField,
  initialValues,
  isRequired,
  splitErrors,
  validateField,
  validateForm,
  visibleFields,
  type FormDefinition,
  type FormValues,
} from './form-logic.ts';
import { MESSAGES } from '../../../core/forms/schemas.ts';

const lists = loadContentFacts().lists;
const FORM_DEFINITIONS = Object.fromEntries(LEAD_FORM_IDS.map((form) => [form, bindForm(form, lists)])) as Record<
  LeadFormId,
  FormDefinition
>;

const names = (form: LeadFormId, values: FormValues = {}) =>
  visibleFields(FORM_DEFINITIONS[form], values).map((f) => f.name);
const required = (form: LeadFormId, values: FormValues = {}) => {
  const shape = activeShape(FORM_DEFINITIONS[form], values);
  return names(form, values)
    .filter((name) => isRequired(shape, name))
    .sort();
};

const person = { name: 'Lucía Hernández', email: 'lucia@ferremax.mx', company: 'Ferremax' };

describe('field sets and required flags of each form', () => {
  it('small contact', () => {
    expect(names('small')).toEqual(['name', 'email', 'company', 'message', 'appointmentDate']);
    expect(required('small')).toEqual(['email', 'message', 'name']);
  });

  it('large contact', () => {
    expect(names('big').sort()).toEqual(
      ['name', 'email', 'company', 'phone', 'projectType', 'budget', 'timeline', 'message', 'appointmentDate'].sort(),
    );
    expect(required('big')).toEqual(['email', 'message', 'name', 'projectType']);
  });

  it('start project: everything but the meeting is required', () => {
    expect(names('project').sort()).toEqual(
      [
        'name',
        'email',
        'company',
        'phone',
        'projectType',
        'budget',
        'timeline',
        'description',
        'urgency',
        'currentSituation',
        'appointmentDate',
      ].sort(),
    );
    expect(required('project')).toEqual(
      names('project')
        .filter((name) => name !== 'appointmentDate')
        .sort(),
    );
  });

  it('cloud migration', () => {
    expect(names('cloudMigration').sort()).toEqual(
      [
        'name',
        'email',
        'company',
        'phone',
        'currentInfrastructure',
        'systemType',
        'userCount',
        'budget',
        'timeline',
        'challenges',
        'goals',
      ].sort(),
    );
    expect(required('cloudMigration')).toEqual([
      'challenges',
      'company',
      'currentInfrastructure',
      'email',
      'goals',
      'name',
      'systemType',
    ]);
  });

  it('integrations', () => {
    expect(names('integrations').sort()).toEqual(
      [
        'name',
        'email',
        'company',
        'phone',
        'currentSystems',
        'integrationType',
        'businessGoals',
        'challenges',
        'timeline',
        'budget',
      ].sort(),
    );
    expect(required('integrations')).toEqual([
      'businessGoals',
      'challenges',
      'company',
      'currentSystems',
      'email',
      'integrationType',
      'name',
    ]);
  });

  it('consulting: the service decides the conditional fields', () => {
    // Every service offers the meeting picker last, as the page invites the visitor to choose a time.
    const base = ['serviceType', 'name', 'email', 'company', 'phone', 'goals', 'currentSituation', 'appointmentDate'];
    expect(names('consulting')).toEqual(base);
    expect(names('consulting', { serviceType: 'architecture' })).toEqual(base);
    expect(names('consulting', { serviceType: 'infrastructure-audit' })).toEqual([
      ...base.slice(0, 5),
      'currentInfrastructure',
      'userCount',
      'goals',
      'currentSituation',
      'challenges',
      'appointmentDate',
    ]);
    expect(names('consulting', { serviceType: 'migration-strategy' }).sort()).toEqual(
      [...base, 'currentInfrastructure', 'systemType', 'migrationGoals'].sort(),
    );
    expect(required('consulting', { serviceType: 'migration-strategy' })).toContain('migrationGoals');
    expect(required('consulting')).toEqual(['company', 'currentSituation', 'email', 'goals', 'name', 'serviceType']);
  });
});

describe('buildPayload', () => {
  it('sends exactly the contract\'s fields, empty ones as "", and no honeypot key when nobody filled it', () => {
    const values = { ...initialValues(FORM_DEFINITIONS.small), ...person, message: 'Hola' };
    expect(buildPayload(FORM_DEFINITIONS.small, values)).toEqual({
      ...person,
      message: 'Hola',
      appointmentDate: '',
    });
  });

  it('sends the honeypot when something filled it, so the API recognises the bot', () => {
    const values = {
      ...initialValues(FORM_DEFINITIONS.small),
      ...person,
      message: 'Hola',
      website: 'https://spam.example',
    };
    expect(buildPayload(FORM_DEFINITIONS.small, values).website).toBe('https://spam.example');
  });

  it("empties the choices the server's lists no longer offer and keeps the rest", () => {
    const served = { ...lists, proyects: [{ id: '1', proyect: 'Aplicación web' }] };
    const form = bindForm('big', served);
    expect(
      keepOfferedChoices(form, { ...person, projectType: 'web-app', budget: 'undecided', message: 'Hola' }, served),
    ).toEqual({
      ...person,
      projectType: '',
      budget: 'undecided',
      message: 'Hola',
    });
    expect(keepOfferedChoices(form, { projectType: '1' }, served)).toEqual({ projectType: '1' });
  });

  it('adds the fixed serviceType of the cloud migration and integrations forms', () => {
    expect(buildPayload(FORM_DEFINITIONS.cloudMigration, {}).serviceType).toBe('cloud-migration');
    expect(buildPayload(FORM_DEFINITIONS.integrations, {}).serviceType).toBe('integrations');
  });

  it('leaves out what a previously chosen service asked for', () => {
    const values = {
      serviceType: 'architecture',
      ...person,
      goals: 'g',
      currentSituation: 's',
      migrationGoals: 'typed before switching',
    };
    expect(buildPayload(FORM_DEFINITIONS.consulting, values)).not.toHaveProperty('migrationGoals');
  });

  it('passes a filled honeypot on, for the API to recognise the bot', () => {
    expect(buildPayload(FORM_DEFINITIONS.small, { website: 'http://spam.example' }).website).toBe(
      'http://spam.example',
    );
  });

  it('starts from empty values with the preset service', () => {
    expect(initialValues(FORM_DEFINITIONS.consulting, { serviceType: 'infrastructure-audit' })).toMatchObject({
      serviceType: 'infrastructure-audit',
      name: '',
      website: '',
    });
  });
});

describe('validateForm', () => {
  it('names every missing required field with the schema message', () => {
    expect(validateForm(FORM_DEFINITIONS.small, {})).toEqual({
      name: MESSAGES.required,
      email: MESSAGES.required,
      message: MESSAGES.required,
    });
    expect(validateForm(FORM_DEFINITIONS.small, { ...person, message: 'Hola' })).toEqual({});
  });

  it('a consulting form without a service still checks the shared fields', () => {
    expect(validateForm(FORM_DEFINITIONS.consulting, { ...person })).toEqual({
      serviceType: MESSAGES.required,
      goals: MESSAGES.required,
      currentSituation: MESSAGES.required,
    });
  });

  it.each([
    ['5541612280'],
    ['+52 55 4161 2280'],
    ['52 55 4161 2280'],
    ['55-4161-2280'],
    ['(55) 4161-2280'],
    ['+52 (33) 1234-5678'],
  ])('accepts the Mexican phone %s in the large form', (phone) => {
    expect(validateField(FORM_DEFINITIONS.big, { phone }, 'phone')).toBeUndefined();
  });

  it.each([['0541612280'], ['554161228'], ['+1 555 416 1228'], ['55.4161.2280']])('rejects the phone %s', (phone) => {
    expect(validateField(FORM_DEFINITIONS.big, { phone }, 'phone')).toBe(MESSAGES.phone);
  });

  it('an empty optional phone is fine, an empty WhatsApp on the start-project form is not', () => {
    expect(validateField(FORM_DEFINITIONS.big, { phone: '  ' }, 'phone')).toBeUndefined();
    expect(validateField(FORM_DEFINITIONS.project, { phone: '' }, 'phone')).toBe(MESSAGES.required);
  });

  it('checks the meeting format', () => {
    expect(validateField(FORM_DEFINITIONS.small, { appointmentDate: '2026-11-24 10:00' }, 'appointmentDate')).toBe(
      MESSAGES.appointment,
    );
    expect(
      validateField(FORM_DEFINITIONS.small, { appointmentDate: '2026-11-24T10:00' }, 'appointmentDate'),
    ).toBeUndefined();
  });
});

describe('errors from the server and focus', () => {
  it('keeps field errors for shown fields and turns the rest into text', () => {
    const split = splitErrors(
      FORM_DEFINITIONS.small,
      {},
      { email: 'Correo inválido', _form: 'Cuerpo inválido', phone: 'No aplica' },
    );
    expect(split).toEqual({ fields: { email: 'Correo inválido' }, other: ['Cuerpo inválido', 'phone: No aplica'] });
  });

  it('the first wrong field follows the order on screen', () => {
    expect(firstInvalidField(FORM_DEFINITIONS.big, {}, { message: 'x', email: 'y', projectType: 'z' })).toBe('email');
    expect(firstInvalidField(FORM_DEFINITIONS.big, {}, {})).toBeUndefined();
  });
});
