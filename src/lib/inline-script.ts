/**
 * An inline script with its CSP hash. Astro's CSP hashes the scripts it bundles, not `is:inline` ones:
 * a page that renders one must add its hash (`Astro.csp.insertScriptHash`) or the browser blocks it.
 * Render the exact `source` with `<script is:inline set:html={source} />` so the hash matches.
 */
import { createHash } from 'node:crypto';

export interface InlineScript {
  source: string;
  /** `sha256-<base64>`, the form `insertScriptHash` takes. */
  hash: `sha256-${string}`;
}

export function inlineScript(source: string): InlineScript {
  return { source, hash: `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}` };
}
