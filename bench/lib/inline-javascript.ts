/**
 * The JavaScript a page carries inside its HTML (Astro's island runtime and hydration directive, the
 * early-form script, small bundled scripts Astro inlines): part of its first-load JavaScript, which the
 * quality tests and `npm run bench` count as the scripts fetched plus these.
 */
import { brotliCompressSync, constants } from 'node:zlib';

/** The source of every `<script>` without `src` that is code (JSON-LD and other JSON data aside). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(
      ([, attributes = '']) => !/\bsrc=/i.test(attributes) && !/type=["']?application\/(ld\+)?json/i.test(attributes),
    )
    .map(([, , source = '']) => source)
    .filter((source) => source.trim() !== '');
}

/** Brotli bytes of a page's inline JavaScript, at the quality the build compresses pages with. */
export function inlineJavaScriptBytes(html: string): number {
  const source = inlineScripts(html).join('\n');
  if (source === '') return 0;
  return brotliCompressSync(Buffer.from(source), { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }).length;
}
