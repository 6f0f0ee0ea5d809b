import { describe, expect, it } from 'vitest';
import { leadLanguageName } from './language.ts';

describe("a lead's language for the team", () => {
  it('names it in Spanish; a lead without one arrived in the default language', () => {
    expect(leadLanguageName('en')).toBe(new Intl.DisplayNames('es-MX', { type: 'language' }).of('en'));
    expect(leadLanguageName(undefined)).toBe(leadLanguageName('es-MX'));
    expect(leadLanguageName('en')).not.toBe(leadLanguageName('es-MX'));
  });

  it('shows a stored value that is no language tag as it is', () => {
    expect(leadLanguageName('<b>en</b>')).toBe('<b>en</b>');
  });
});
