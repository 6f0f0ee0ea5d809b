import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  keepOwnHashes,
  readTrimmedPolicies,
  trimmedPage,
  writeTrimmedPolicies,
  type TrimmedPolicies,
} from './csp-hashes.ts';

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

describe('trimmed policies kept between builds', () => {
  const inline = "document.documentElement.classList.add('js');";
  const csp = `script-src 'self' ${hash(inline)} ${hash('console.log("otra página")')}`;
  const page = (text: string) =>
    `<html><head><meta http-equiv="content-security-policy" content="${csp}"><script>${inline}</script></head>` +
    `<body><h1>${text}</h1><p>Configuración del entorno en Ciudad de México.</p></body></html>`;
  const keyOf = (body: Buffer) => createHash('sha256').update(body).digest('base64url');

  it('gives a page the same bytes from the cache as trimming it whole, and keeps its policy for the next build', () => {
    // Each call gets its own copy: a trimmed page may be written into the bytes it was given.
    const body = () => Buffer.from(page('Instalación'));
    const first: TrimmedPolicies = new Map();
    const trimmed = trimmedPage(body(), new Map(), first);
    expect(trimmed.toString()).toBe(keepOwnHashes(page('Instalación')));
    expect(first.get(keyOf(body()))).toBe(`script-src 'self' ${hash(inline)}`);
    const second: TrimmedPolicies = new Map();
    expect(trimmedPage(body(), first, second).equals(trimmed)).toBe(true);
    expect(second).toEqual(first);
  });

  it('hashes inline code with accents and emoji from its bytes as from its text, in any case of tag', () => {
    const script = "const saludo = 'Año nuevo, configuración lista ✅';";
    const style = '.aviso::before{content:"→ Atención"}';
    const csp = `script-src 'self' ${hash(script)} ${hash(inline)}; style-src 'self' ${hash(style)} ${hash('p{}')}`;
    const html =
      `<html><head><meta http-equiv="content-security-policy" content="${csp}"><STYLE>${style}</Style></head>` +
      `<body><p>Compañía «Ñandú»</p><Script>${script}</SCRIPT></body></html>`;
    const trimmed = trimmedPage(Buffer.from(html), new Map(), new Map()).toString();
    expect(trimmed).toBe(keepOwnHashes(html));
    expect(policy(trimmed)).toBe(`script-src 'self' ${hash(script)}; style-src 'self' ${hash(style)}`);
  });

  it('reads the policy of an unchanged page from the cache, and trims an edited page whole', () => {
    const body = Buffer.from(page('Instalación'));
    // A policy no trimming would give: seen in the output only if the cache answered.
    const cache: TrimmedPolicies = new Map([[keyOf(body), "script-src 'none'"]]);
    expect(trimmedPage(body, cache, new Map()).toString()).toContain(`content="script-src 'none'"`);
    const edited = Buffer.from(page('Instalación en Windows'));
    expect(trimmedPage(edited, cache, new Map()).toString()).toBe(keepOwnHashes(page('Instalación en Windows')));
  });

  it('leaves a page without a CSP <meta> untouched, from the cache too', () => {
    const body = Buffer.from('<html><head><title>Hola</title></head><body></body></html>');
    const next: TrimmedPolicies = new Map();
    expect(trimmedPage(body, new Map(), next)).toBe(body);
    expect(trimmedPage(body, next, new Map())).toBe(body);
  });

  it('survives a write and a read; a missing or broken file is an empty cache', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'angram-csp-cache-'));
    try {
      const file = join(dir, 'cache', 'pages.json');
      expect(await readTrimmedPolicies(file)).toEqual(new Map());
      const policies: TrimmedPolicies = new Map([
        ['a', "script-src 'self'"],
        ['b', null],
      ]);
      await writeTrimmedPolicies(file, policies);
      expect(await readTrimmedPolicies(file)).toEqual(policies);
      await writeFile(file, '[["a", 4]');
      expect(await readTrimmedPolicies(file)).toEqual(new Map());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
