import { describe, expect, it } from 'vitest';
import { checkExampleData, exampleDataNotice } from './example-data.ts';
import { loadContentFacts } from './load.ts';

describe('example company data in content', () => {
  it('is named, field by field, while content/contact.yaml lists it', () => {
    expect(exampleDataNotice({ exampleData: ['address', 'dataProtectionEmail'] })).toMatch(
      /^content\/contact\.yaml aún tiene datos de ejemplo: el domicilio \(address\) y el correo de privacidad/,
    );
    expect(exampleDataNotice({ exampleData: undefined })).toBeUndefined();
    expect(exampleDataNotice({ exampleData: [] })).toBeUndefined();
  });

  it('warns on an ordinary build and stops a production one', () => {
    const warnings: string[] = [];
    const contact = { exampleData: ['address' as const] };
    checkExampleData(contact, undefined, (message) => warnings.push(message));
    expect(warnings).toHaveLength(1);
    expect(() => checkExampleData(contact, 'production', () => undefined)).toThrow(/SITE_ENV=production/);
    expect(() => checkExampleData({ exampleData: undefined }, 'production', () => undefined)).not.toThrow();
  });

  it('is flagged in the content as it stands (the business has not confirmed its domicilio yet)', () => {
    expect(loadContentFacts().contact.exampleData).toEqual(['address', 'dataProtectionEmail']);
  });
});
