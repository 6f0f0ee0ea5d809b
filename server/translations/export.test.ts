import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { withEditedTexts } from './export.ts';

const file = [
  '# Interface strings in US English.',
  'nav:',
  '  contact: Contact',
  '  menu: Menu # the phone menu',
  'footer:',
  "  email: 'Sales: {correo}'",
  '',
].join('\n');

describe('exporting the inbox’s edits into a catalogue file', () => {
  it('rewrites only the edited keys’ lines, quoting as YAML needs, and keeps the comments', () => {
    const edits = new Map([
      ['nav.contact', 'Talk to us: #1 team'],
      ['footer.email', "Sales desk's line: {correo}"],
    ]);
    const { text, written } = withEditedTexts(file, edits);
    expect(written).toEqual(['nav.contact', 'footer.email']);
    expect(text).toContain('# Interface strings in US English.');
    expect(text).toContain('  menu: Menu # the phone menu');
    expect(load(text)).toEqual({
      nav: { contact: 'Talk to us: #1 team', menu: 'Menu' },
      footer: { email: "Sales desk's line: {correo}" },
    });
  });

  it('leaves a file without edits as it was', () => {
    expect(withEditedTexts(file, new Map()).text).toBe(file);
  });
});
