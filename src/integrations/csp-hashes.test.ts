import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keepOwnHashes } from './csp-hashes.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const policy = (html: string) => /content-security-policy" content="([^"]*)"/.exec(html)?.[1];

describe('keepOwnHashes', () => {
  const inline = "document.documentElement.classList.add('js');";
  const style = 'astro-island{display:contents}';
  const elsewhere = 'console.log("otra página")';
  const page = (csp: string) =>
    `<html><head><meta http-equiv="content-security-policy" content="${csp}"><script>${inline}</script>` +
    `<style>${style}</style><script type="module" src="/_astro/app.js"></script></head><body></body></html>`;

  it("keeps the hashes of the page's own inline scripts and styles, drops the rest and every other token stays", () => {
    const csp = `font-src 'self'; script-src 'self' 'wasm-unsafe-eval' ${hash(inline)} ${hash(elsewhere)} ${hash('/* app.js */')}; style-src 'self' ${hash(style)} ${hash('p{}')}`;
    expect(policy(keepOwnHashes(page(csp)))).toBe(
      `font-src 'self'; script-src 'self' 'wasm-unsafe-eval' ${hash(inline)}; style-src 'self' ${hash(style)}`,
    );
  });

  it('never adds a hash: inline code the policy did not allow stays blocked', () => {
    const csp = `script-src 'self'; style-src 'self'`;
    expect(policy(keepOwnHashes(page(csp)))).toBe(csp);
  });

  it('leaves a page without a CSP <meta> as it was', () => {
    const html = `<html><head><script>${inline}</script></head></html>`;
    expect(keepOwnHashes(html)).toBe(html);
  });
});
