/**
 * Astro writes into every page's CSP <meta> the hash of every script and style the whole site has: the
 * inline ones of all pages and each bundled file (which `'self'` already allows). Those hashes are random
 * base64 that no compression shrinks, about 1 KB on every page. Each page keeps only the hashes of the
 * inline scripts and styles it carries itself: the policy allows exactly what the page runs. It is trimmed
 * as Astro renders it, before it is written (`trimmingPrerenderer`), so its bytes are final there and
 * compression starts on them; a page Astro copies from its incremental build is trimmed after the build.
 * The trimmed policy is kept between builds by the hash of the page's bytes: a rebuild reads the whole text
 * of the pages that changed only, and of the others just the head (at a thousand wiki pages, 150 MB of
 * HTML decoded, searched and encoded again on every build otherwise).
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { PhaseMeter } from './build-timing.ts';
import { builtPagesTaken, registerPageStep, type PageRewriter } from './built-html.ts';
import { readJsonFile, writeJsonFile } from './json-file.ts';

const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;
const HEAD_END = Buffer.from('</head>');

/**
 * Beside the other build caches. The name carries the version of how a policy is trimmed (`keepOwnHashes`):
 * change it when that changes, so no page keeps a policy trimmed the old way.
 */
export const CSP_CACHE_FILE = 'node_modules/.cache/angram-csp/pages-v2.json';

/** Each page's trimmed policy by the hash of its bytes; null: the page has no CSP <meta>. */
export type TrimmedPolicies = Map<string, string | null>;
const INLINE = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi;

const hashToken = (digest: string) => `'sha256-${digest}'`;

function sha256(text: string): string {
  return hashToken(createHash('sha256').update(text, 'utf8').digest('base64'));
}

/** The hash tokens of the inline scripts and styles in `text`; `hashOf` hashes the body between two offsets. */
function ownHashes(text: string, hashOf: (start: number, end: number) => string): Set<string> {
  const own = new Set<string>();
  for (const match of text.matchAll(INLINE)) {
    const [whole, tag = '', attributes = '', body = ''] = match;
    if (tag.toLowerCase() === 'script' && /\bsrc=/i.test(attributes)) continue;
    const end = match.index + whole.length - `</${tag}>`.length;
    own.add(hashOf(end - body.length, end));
  }
  return own;
}

/** A policy with only the hash tokens in `own`; every other token stays. */
function trimPolicy(policy: string, own: ReadonlySet<string>): string {
  const directives = policy.split(';').map((directive) =>
    directive
      .trim()
      .split(/\s+/)
      .filter((token) => !token.startsWith("'sha256-") || own.has(token))
      .join(' '),
  );
  return directives.filter(Boolean).join('; ');
}

/** The page with its CSP reduced to the hashes of its own inline code (unchanged when it has no CSP <meta>). */
export function keepOwnHashes(html: string): string {
  const own = ownHashes(html, (start, end) => sha256(html.slice(start, end)));
  return html.replace(
    CSP_META,
    (_match, start: string, policy: string, end: string) => `${start}${trimPolicy(policy, own)}${end}`,
  );
}

/**
 * `body` with its `length` bytes at `at` replaced by `text` (Latin-1: one byte per character). A shorter
 * text, as a trimmed policy always is, is written into body's own memory and the rest moved back: a
 * thousand-page build keeps one copy of its HTML in memory, not a second one per trimmed page.
 */
function replaced(body: Buffer, at: number, length: number, text: string): Buffer {
  const bytes = Buffer.from(text, 'latin1');
  if (bytes.length > length) return Buffer.concat([body.subarray(0, at), bytes, body.subarray(at + length)]);
  bytes.copy(body, at);
  body.copy(body, at + bytes.length, at + length);
  return body.subarray(0, body.length - (length - bytes.length));
}

/**
 * What keepOwnHashes does, on the page's bytes: read as Latin-1, one character per byte, so an offset in
 * the text is an offset in the bytes; each inline body is hashed from its bytes (the UTF-8 of its text), and
 * the page is not decoded as UTF-8 and encoded again whole.
 */
function trimWhole(body: Buffer): { page: Buffer; policy: string | null } {
  const text = body.toString('latin1');
  const meta = CSP_META.exec(text);
  if (!meta) return { page: body, policy: null };
  const [, start = '', current = ''] = meta;
  const own = ownHashes(text, (from, to) =>
    hashToken(createHash('sha256').update(body.subarray(from, to)).digest('base64')),
  );
  const policy = trimPolicy(current, own);
  if (policy === current) return { page: body, policy };
  return { page: replaced(body, meta.index + start.length, current.length, policy), policy };
}

/**
 * The page with its policy trimmed: the same Buffer when nothing changes, else one that may share (and
 * change) body's memory, so `body` is not to be read again. A page with the same bytes as one in `cache`
 * gets the policy found then, written into its head; any other page is read whole. Either way the policy
 * goes into `next`, the cache for the next build.
 */
export function trimmedPage(
  body: Buffer,
  cache: TrimmedPolicies,
  next: TrimmedPolicies,
  key = createHash('sha256').update(body).digest('base64url'),
): Buffer {
  const known = cache.get(key);
  const headEnd = body.indexOf(HEAD_END);
  if (known !== undefined && headEnd !== -1) {
    next.set(key, known);
    if (known === null) return body;
    const current = CSP_META.exec(body.subarray(0, headEnd).toString('latin1'));
    if (current) {
      const [, start = '', policy = ''] = current;
      return policy === known ? body : replaced(body, current.index + start.length, policy.length, known);
    }
  }
  const { page, policy } = trimWhole(body);
  next.set(key, policy);
  return page;
}

export async function readTrimmedPolicies(file: string): Promise<TrimmedPolicies> {
  const entries = await readJsonFile(file);
  if (!Array.isArray(entries)) return new Map();
  return new Map(
    entries.filter(
      (entry): entry is [string, string | null] =>
        Array.isArray(entry) && typeof entry[0] === 'string' && (typeof entry[1] === 'string' || entry[1] === null),
    ),
  );
}

/** Keeps only the pages of this build, written through a temporary name (a build beside it reads it whole). */
export async function writeTrimmedPolicies(file: string, policies: TrimmedPolicies): Promise<void> {
  await writeJsonFile(file, [...policies]);
}

/** What a page's bytes and its trimmed policy are told to as each page is rendered (`trimmingPrerenderer`). */
export type RenderedPage = (page: Buffer, sitePages: number) => void;

const isHtml = (response: Response) => response.headers.get('content-type')?.startsWith('text/html') ?? false;

/** The pages trimmed as they were rendered: each one's policy by the hash of its bytes, and the bytes saved. */
export interface RenderTimeTrims {
  policies: TrimmedPolicies;
  savedBytes: number;
}

/**
 * Astro's prerenderer with each HTML page's policy trimmed before Astro writes it: the bytes written are
 * final as they leave the renderer, so `rendered` can start on them (compression, in its helper processes)
 * while the main thread renders the next page. Each trimmed policy goes into `trims` by the hash of the
 * page written, so the step after the build only reads the head of the pages rendered here.
 */
export function trimmingPrerenderer(
  inner: AstroPrerenderer,
  trims: RenderTimeTrims,
  rendered: RenderedPage = () => undefined,
): AstroPrerenderer {
  let sitePages = 0;
  return {
    ...inner,
    name: `${inner.name}+angram:own-csp-hashes`,
    getStaticPaths: async () => {
      const paths = await inner.getStaticPaths();
      sitePages = paths.length;
      return paths;
    },
    render: async (request, options) => {
      const result = await inner.render(request, options);
      const response = result instanceof Response ? result : result.response;
      if (!isHtml(response) || (response.status >= 300 && response.status < 400) || !response.body) return result;
      const body = Buffer.from(await response.arrayBuffer());
      const length = body.length;
      const { page, policy } = trimWhole(body);
      trims.policies.set(createHash('sha256').update(page).digest('base64url'), policy);
      trims.savedBytes += length - page.length;
      rendered(page, sitePages);
      const trimmed = new Response(Uint8Array.from(page), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      return result instanceof Response ? trimmed : { ...result, response: trimmed };
    },
  };
}

export interface OwnCspHashesOptions {
  /** Told each page as rendered and trimmed, and how many paths the site renders. */
  rendered?: RenderedPage;
}

/**
 * Trims the pages of the build's pass over its pages (./built-html.ts) before any other step reads them, each
 * written back when it changes: pages rendered by this build are found in `trims` and only their head is
 * read; pages restored from Astro's incremental build are read whole.
 */
function trimmingRewriter(cacheFile: string, trims: RenderTimeTrims) {
  const meter = new PhaseMeter();
  const next: TrimmedPolicies = new Map();
  let cache: Promise<TrimmedPolicies> | undefined;
  // Bytes saved on restored pages; the rendered ones' are in `trims`.
  let saved = 0;
  const rewriter: PageRewriter = {
    wants: () => true,
    rewrite: async ({ root, path, body, digest }) => {
      cache ??= readTrimmedPolicies(cacheFile).then((stored) => new Map([...stored, ...trims.policies]));
      const known = await cache;
      const trimmed = meter.measure(() => trimmedPage(body, known, next, digest()));
      if (trimmed === body) return body;
      saved += body.length - trimmed.length;
      await writeFile(join(root, path), trimmed);
      return trimmed;
    },
  };
  return { rewriter, meter, next, saved: () => trims.savedBytes + saved };
}

export function ownCspHashes(options: OwnCspHashesOptions = {}): AstroIntegration {
  let cacheFile = '';
  // The pages this build rendered, trimmed before they were written.
  const trims: RenderTimeTrims = { policies: new Map(), savedBytes: 0 };
  let trimming = trimmingRewriter(cacheFile, trims);
  return {
    name: 'angram:own-csp-hashes',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheFile = fileURLToPath(new URL(CSP_CACHE_FILE, config.root));
      },
      'astro:build:start': ({ setPrerenderer }) => {
        trims.policies.clear();
        trims.savedBytes = 0;
        setPrerenderer((inner) => trimmingPrerenderer(inner, trims, options.rendered));
        trimming = trimmingRewriter(cacheFile, trims);
        registerPageStep('angram:own-csp-hashes', trimming.rewriter);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const { rewriter, meter, next, saved } = trimming;
        await builtPagesTaken(fileURLToPath(dir), rewriter);
        await writeTrimmedPolicies(cacheFile, next);
        meter.log(logger, 'csp');
        trims.policies.clear();
        logger.info(
          `CSP de cada página con solo sus propios hashes: ${(saved() / 1024).toFixed(0)} KiB menos en total.`,
        );
      },
    },
  };
}
