/**
 * Astro writes into every page's CSP <meta> the hash of every script and style the whole site has: the
 * inline ones of all pages and each bundled file (which `'self'` already allows). Those hashes are random
 * base64 that no compression shrinks, about 1 KB on every page. After the build, each page keeps only the
 * hashes of the inline scripts and styles it carries itself: the policy allows exactly what the page runs.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { timedPhase } from './build-timing.ts';
import { builtHtml, rewritePage } from './built-html.ts';

const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;
const INLINE = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The page with its CSP reduced to the hashes of its own inline code (unchanged when it has no CSP <meta>). */
export function keepOwnHashes(html: string): string {
  const own = new Set<string>();
  for (const [, tag = '', attributes = '', body = ''] of html.matchAll(INLINE)) {
    if (tag.toLowerCase() === 'script' && /\bsrc=/i.test(attributes)) continue;
    own.add(sha256(body));
  }
  return html.replace(CSP_META, (_match, start: string, policy: string, end: string) => {
    const directives = policy.split(';').map((directive) =>
      directive
        .trim()
        .split(/\s+/)
        .filter((token) => !token.startsWith("'sha256-") || own.has(token))
        .join(' '),
    );
    return `${start}${directives.filter(Boolean).join('; ')}${end}`;
  });
}

export function ownCspHashes(): AstroIntegration {
  return {
    name: 'angram:own-csp-hashes',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const saved = await timedPhase(logger, 'csp', async () => {
          let bytes = 0;
          for (const [path, body] of await builtHtml(root)) {
            const html = body.toString('utf8');
            const trimmed = keepOwnHashes(html);
            if (trimmed === html) continue;
            bytes += html.length - trimmed.length;
            await rewritePage(root, path, trimmed);
          }
          return bytes;
        });
        logger.info(`CSP de cada página con solo sus propios hashes: ${(saved / 1024).toFixed(0)} KiB menos en total.`);
      },
    },
  };
}
