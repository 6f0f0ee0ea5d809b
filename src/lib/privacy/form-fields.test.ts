import { describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../../core/content/load.ts';
import { formCopy } from '../../../core/forms/copy.ts';
import { FORM_DEFINITIONS } from '../../../core/forms/definitions.ts';
import { LEAD_FORM_IDS } from '../../../core/forms/kinds.ts';
import { FIELD_LABELS } from '../../../core/forms/labels.ts';
import { collectedFields, formsCollecting } from './form-fields.ts';

const lists = loadContentFacts().lists;

describe('what each form collects, for the privacy notice', () => {
  it('lists every field of every form, with the label the form prints', () => {
    expect(formsCollecting(lists).map(({ form }) => form)).toEqual(LEAD_FORM_IDS);
    for (const form of LEAD_FORM_IDS) {
      expect(collectedFields(form, lists).map((field) => field.name)).toEqual(
        FORM_DEFINITIONS[form].fields.map((field) => field.name),
      );
    }
    const project = collectedFields('project', lists);
    expect(project.find((field) => field.name === 'phone')?.label).toBe('WhatsApp');
    expect(project.find((field) => field.name === 'email')?.label).toBe(FIELD_LABELS.email);
  });

  it("names each field in a translated notice as that language's form does", () => {
    const translations = loadContentFacts().translations;
    for (const { code } of translations.active.filter((language) => !language.is_default)) {
      const copy = formCopy(translations.catalogues.get(code) ?? {}, code);
      const project = collectedFields('project', lists, copy);
      // The project form's own word for its phone; the common label for the rest.
      expect(project.find((field) => field.name === 'phone')?.label).toBe(copy.words.projectPhone);
      expect(project.find((field) => field.name === 'email')?.label).toBe(copy.labels.email);
      expect(collectedFields('project', lists).map((field) => field.status)).toEqual(
        project.map((field) => field.status),
      );
    }
  });

  it('says what is required and what may stay blank, as the schema decides', () => {
    const small = Object.fromEntries(collectedFields('small', lists).map((field) => [field.name, field.status]));
    expect(small).toMatchObject({
      name: 'required',
      email: 'required',
      company: 'optional',
      appointmentDate: 'optional',
    });
  });

  it('marks what only some consulting services ask for', () => {
    const consulting = Object.fromEntries(
      collectedFields('consulting', lists).map((field) => [field.name, field.status]),
    );
    expect(consulting.serviceType).toBe('required');
    expect(consulting.name).toBe('required');
    // Asked only by the infrastructure audit and the migration strategy.
    expect(consulting.currentInfrastructure).toBe('depends');
  });
});
