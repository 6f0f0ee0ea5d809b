import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../escape-html.ts';
import { attr, html, toHtmlString, trustedHtml } from './html.ts';

describe('html', () => {
  it('escapes every interpolated string, in content and in attributes', () => {
    const name = `<script>alert("x")</script> & 'co' \``;
    const out = toHtmlString(html`<p title="${name}">${name}</p>`);
    expect(out).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39; &#96;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39; &#96;</p>',
    );
    expect(out).not.toContain('<script>');
  });

  it('keeps nested templates as markup, joins arrays and drops absent values', () => {
    const items = ['a<b', 'c'];
    const out = toHtmlString(
      html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>${undefined}${null}${false}${0}`,
    );
    expect(out).toBe('<ul><li>a&lt;b</li><li>c</li></ul>0');
  });

  it('treats an object that merely looks like markup as text', () => {
    const forged = { value: '<b>x</b>' } as unknown as string;
    expect(toHtmlString(html`${forged}`)).toBe('[object Object]');
  });

  it('renders attributes only when present', () => {
    expect(
      toHtmlString(
        html`<input${attr('value', '"><img>')}${attr('required', true)}${attr('disabled', false)}${attr('min', undefined)}>`,
      ),
    ).toBe('<input value="&quot;&gt;&lt;img&gt;" required>');
  });

  it('passes trusted markup through', () => {
    expect(toHtmlString(html`${trustedHtml('<br>')}`)).toBe('<br>');
    expect(escapeHtml('Ñandú & "año"')).toBe('Ñandú &amp; &quot;año&quot;');
  });
});
