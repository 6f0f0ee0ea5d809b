import { describe, expect, it } from 'vitest';
import { applyLiveStrings, fillPlaceholders, findLiveStrings, liveStringsOf } from './live-text.ts';

const strings = liveStringsOf({
  nav: { contact: 'Contact', menu: 'Menu', terms: 'Terms & conditions' },
  footer: { supportEmail: 'Projects and sales: {correo}' },
});

const page = [
  '<!doctype html><html lang="en"><head><title>Contact</title>',
  '<script type="application/ld+json">{"name":"Contact"}</script><style>.Contact{}</style></head>',
  '<body><nav aria-label="Menu"><a href="/en/contact">\n    Contact\n  </a></nav>',
  '<!-- Contact --><p>Contact us today</p><p>Terms &amp; conditions</p>',
  '<p>Projects and sales: <a href="mailto:hola@angram.mx">hola@angram.mx</a></p>',
  '<p>Projects and sales: hola@angram.mx</p></body></html>',
].join('');

describe('interface strings edited after the build', () => {
  it('finds whole text nodes and attribute values, never scripts, styles, comments or partial text', () => {
    const found = findLiveStrings(page, strings);
    expect(found.map((occurrence) => occurrence.key)).toEqual([
      'nav.contact',
      'nav.menu',
      'nav.contact',
      'nav.terms',
      'footer.supportEmail',
    ]);
    expect(found.at(-1)?.values).toEqual({ correo: 'hola@angram.mx' });
  });

  it('replaces each with the edited text, escaped, keeping white space and filled-in values', () => {
    const edited = new Map([
      ['nav.contact', 'Talk to us'],
      ['nav.menu', 'Site "menu"'],
      ['footer.supportEmail', 'Sales <desk>: {correo}'],
    ]);
    const result = applyLiveStrings(page, findLiveStrings(page, strings), edited);
    expect(result).toContain('<title>Talk to us</title>');
    expect(result).toContain('aria-label="Site &quot;menu&quot;"');
    expect(result).toContain('<a href="/en/contact">\n    Talk to us\n  </a>');
    expect(result).toContain('{"name":"Contact"}');
    expect(result).toContain('.Contact{}');
    expect(result).toContain('<!-- Contact -->');
    expect(result).toContain('<p>Contact us today</p>');
    expect(result).toContain('<p>Terms &amp; conditions</p>');
    expect(result).toContain('<p>Sales &lt;desk&gt;: hola@angram.mx</p>');
  });

  it('leaves the page as it was when nothing is edited', () => {
    expect(applyLiveStrings(page, findLiveStrings(page, strings), new Map())).toBe(page);
  });

  it('keeps a placeholder without a value as written', () => {
    expect(fillPlaceholders('Hi {name}, from {city}', { name: 'Ana' })).toBe('Hi Ana, from {city}');
  });
});
