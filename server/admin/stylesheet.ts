/**
 * The inbox's stylesheet as served: the design tokens admin.css uses, read from the one file the site's
 * Tailwind theme is made of (core/design/tokens.css), then admin.css itself. A colour changed there
 * changes the site and the inbox alike; the inbox sends only the tokens it needs.
 */
import { readFileSync } from 'node:fs';
import { monitoringCss } from './monitoring-css.ts';

const TOKENS = new URL('../../core/design/tokens.css', import.meta.url);
const ADMIN_CSS = new URL('./assets/admin.css', import.meta.url);

/** Every `--name: value;` declaration of the tokens file (keyframes hold none), by name. */
export function tokenDeclarations(css: string): Map<string, string> {
  return new Map(
    [...css.matchAll(/(--[\w-]+):\s*([^;{}]+);/g)].map((match) => [match[1] ?? '', (match[2] ?? '').trim()]),
  );
}

/** The custom properties a stylesheet reads with `var(--name)`. */
export function usedProperties(css: string): Set<string> {
  return new Set([...css.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1] ?? ''));
}

/** `:root { … }` with the tokens `css` uses, in the tokens file's order, then `css`. */
export function withTokens(tokensCss: string, css: string): string {
  const used = usedProperties(css);
  const declarations = [...tokenDeclarations(tokensCss)]
    .filter(([name]) => used.has(name))
    .map(([name, value]) => `  ${name}: ${value};`);
  return `/* Design tokens from core/design/tokens.css. */\n:root {\n${declarations.join('\n')}\n}\n\n${css}`;
}

export function inboxStylesheet(): Buffer {
  return Buffer.from(withTokens(readFileSync(TOKENS, 'utf8'), monitoringCss() + readFileSync(ADMIN_CSS, 'utf8')));
}
