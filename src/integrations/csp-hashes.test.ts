import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AstroPrerenderer, RouteData } from 'astro';
import { describe, expect, it } from 'vitest';
import {
  keepOwnHashes,
  readTrimmedPolicies,
  trimmedPage,
  trimmingPrerenderer,
  writeTrimmedPolicies,
  type RenderTimeTrims,
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

describe('pages trimmed as they are rendered', () => {
  const inline = "document.documentElement.classList.add('js');";
  const csp = `script-src 'self' ${hash(inline)} ${hash('console.log("otra página")')}`;
  const html =
    `<html><head><meta http-equiv="content-security-policy" content="${csp}"><script>${inline}</script></head>` +
    '<body><h1>Migración a la nube</h1><p>Sin detener la operación de tu tienda.</p></body></html>';
  const htmlHeaders = { 'content-type': 'text/html' };
  const paths = [{ pathname: '/migracion-cloud' }, { pathname: '/sitemap.xml' }, { pathname: '/wikiangram' }];
  const inner = (respond: (url: string) => Response): AstroPrerenderer => ({
    name: 'astro:default',
    getStaticPaths: () => Promise.resolve(paths as Awaited<ReturnType<AstroPrerenderer['getStaticPaths']>>),
    render: (request) => Promise.resolve(respond(request.url)),
  });
  const render = (prerenderer: AstroPrerenderer, url: string) =>
    prerenderer.render(new Request(url), { routeData: {} as RouteData });
  const bodyOf = async (result: Awaited<ReturnType<AstroPrerenderer['render']>>) =>
    (result instanceof Response ? result : result.response).text();

  it('writes each HTML page with its own hashes only, and hands the written bytes on with the number of paths', async () => {
    const trims: RenderTimeTrims = { policies: new Map(), savedBytes: 0 };
    const handed: Array<[string, number]> = [];
    const prerenderer = trimmingPrerenderer(
      inner((url) =>
        url.endsWith('.xml')
          ? new Response('<urlset/>', { headers: { 'content-type': 'application/xml' } })
          : url.endsWith('/wikiangram')
            ? new Response(null, { status: 301, headers: { location: '/wikiangram/overview' } })
            : new Response(html, { status: 200, headers: htmlHeaders }),
      ),
      trims,
      (page, sitePages) => handed.push([page.toString(), sitePages]),
    );
    await prerenderer.getStaticPaths();
    const written = await bodyOf(await render(prerenderer, 'https://angram.mx/migracion-cloud'));
    expect(written).toBe(keepOwnHashes(html));
    expect(handed).toEqual([[written, 3]]);
    expect(trims.policies.get(createHash('sha256').update(written).digest('base64url'))).toBe(
      `script-src 'self' ${hash(inline)}`,
    );
    expect(trims.savedBytes).toBe(Buffer.byteLength(html) - Buffer.byteLength(written));

    // Other files and redirects go through as they were, and nobody is told about them.
    expect(await bodyOf(await render(prerenderer, 'https://angram.mx/sitemap.xml'))).toBe('<urlset/>');
    const redirect = await render(prerenderer, 'https://angram.mx/wikiangram');
    expect((redirect instanceof Response ? redirect : redirect.response).status).toBe(301);
    expect(handed).toHaveLength(1);
  });

  it('keeps the metadata Astro’s incremental build reads beside the trimmed page', async () => {
    const metadata = { contentEntryKeys: ['content/wiki/setup.mdx'], staticImages: [] };
    const prerenderer = trimmingPrerenderer(
      {
        ...inner(() => new Response(html, { headers: htmlHeaders })),
        render: () => Promise.resolve({ response: new Response(html, { headers: htmlHeaders }), metadata }),
      },
      { policies: new Map(), savedBytes: 0 },
    );
    const result = await render(prerenderer, 'https://angram.mx/wikiangram/setup');
    expect(result).toMatchObject({ metadata });
    expect(await bodyOf(result)).toBe(keepOwnHashes(html));
  });
});
