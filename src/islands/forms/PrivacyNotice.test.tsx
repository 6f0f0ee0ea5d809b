import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PrivacyNotice } from './PrivacyNotice.tsx';

const base = {
  text: 'Angram Software S.A. de C.V. usará estos datos solo para responder tu solicitud.',
  refusals: [],
  link: { label: 'Lee el aviso de privacidad', href: '/aviso-de-privacidad' },
};

describe('the short privacy notice inside a form', () => {
  it('says who and what for, and links the full notice in a new tab that says so', () => {
    const html = renderToStaticMarkup(<PrivacyNotice notice={base} idPrefix="lead1" />);
    expect(html).toContain(base.text);
    expect(html).toMatch(
      /<a href="\/aviso-de-privacidad" target="_blank" rel="noopener"[^>]*>Lee el aviso de privacidad/,
    );
    expect(html).toContain('(se abre en una pestaña nueva)');
    expect(html).not.toContain('type="checkbox"');
  });

  it('offers one unchecked, labelled box per voluntary purpose', () => {
    const html = renderToStaticMarkup(
      <PrivacyNotice
        notice={{
          ...base,
          voluntary: 'Con tu permiso, también para enviarte nuestro boletín. Si no nos lo das, marca la casilla:',
          refusals: [{ id: 'boletin', label: 'No quiero recibir el boletín' }],
        }}
        idPrefix="lead1"
      />,
    );
    expect(html).toContain('<legend');
    expect(html).toMatch(/<input id="lead1-refusal-boletin" type="checkbox"[^>]*data-privacy-refusal="boletin"/);
    expect(html).not.toMatch(/checked/);
    expect(html).not.toMatch(/<input[^>]*name=/);
    expect(html).toContain('<label for="lead1-refusal-boletin"');
  });
});
