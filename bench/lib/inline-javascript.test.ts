import { describe, expect, it } from 'vitest';
import { inlineJavaScriptBytes, inlineScripts } from './inline-javascript.ts';

describe('inlineScripts', () => {
  it('keeps inline code and leaves out external scripts and JSON data', () => {
    const html = `<head><script>document.documentElement.classList.add('js');</script>
      <script type="application/ld+json">{"@context":"https://schema.org"}</script>
      <script type="module" src="/_astro/page.js"></script></head>
      <body><script type="module">var e=1;console.log(e)</script><script></script></body>`;
    expect(inlineScripts(html)).toEqual(["document.documentElement.classList.add('js');", 'var e=1;console.log(e)']);
  });

  it('counts nothing for a page without inline code, and compressed bytes for one with it', () => {
    expect(inlineJavaScriptBytes('<p>hola</p><script src="/a.js"></script>')).toBe(0);
    const code = `<script>${'window.angram = (window.angram || 0) + 1;\n'.repeat(200)}</script>`;
    const bytes = inlineJavaScriptBytes(code);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(code.length / 10);
  });
});
