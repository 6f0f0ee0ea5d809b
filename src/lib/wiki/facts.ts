/**
 * Facts the wiki states about the code, read from its MDX so a test can hold each one against the
 * repository (facts.test.ts), the way snippets.ts does for quoted code. Two kinds:
 *
 * - Mentions, found automatically in inline code and in shell blocks: a repository path, an
 *   `npm run` script, an environment variable or constant (`API_PORT`, `MAIN_NAV`), a hydration
 *   directive (`client:idle`), a local address with its port (`http://localhost:8081`). Each must exist.
 * - Claims (claims.ts): a sentence whose truth needs reading the code ("the navbar hydrates on idle",
 *   "form code imports zod/mini"), written as the page's wording plus a check of the code.
 *
 * Pure functions over MDX text: no file system here.
 */

/** Fences that quote a file (```ts file=…) are checked line by line by snippets.ts, not here. */
const FENCE = /^([ \t]*)```([\w-]*)([^\n]*)\n([\s\S]*?)^\1```[ \t]*$/gm;

/** The MDX without its fenced code blocks. */
export function withoutFences(mdx: string): string {
  return mdx.replace(FENCE, '');
}

/** Inline code spans (`…`) outside fenced blocks, in order. */
export function inlineCode(mdx: string): string[] {
  return [...withoutFences(mdx).matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '');
}

/** Lines of the shell blocks (```bash, ```sh, ```shell) that do not quote a file, comments removed. */
export function shellLines(mdx: string): string[] {
  return [...mdx.matchAll(FENCE)]
    .filter((match) => /^(bash|sh|shell|console)$/.test(match[2] ?? '') && !/\bfile=/.test(match[3] ?? ''))
    .flatMap((match) => (match[4] ?? '').split('\n'))
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line.length > 0);
}

/** Commands and code the page shows: every inline code span and every shell line. */
export function codeMentions(mdx: string): string[] {
  return [...inlineCode(mdx), ...shellLines(mdx)];
}

const ROOTS = ['src', 'server', 'scripts', 'e2e', 'bench', 'public', 'content', 'core'];
const REPO_PATH = new RegExp(`^(?:${ROOTS.join('|')})/[\\w./@[\\]-]*$`);

/**
 * Paths of the repository a mention names (`src/lib/routes.ts`, `server/api/`). Placeholders and
 * patterns (`content/portfolio/<id>.md`, `content/services/*.yaml`) are descriptions, not paths.
 */
export function repoPaths(mention: string): string[] {
  return REPO_PATH.test(mention) ? [mention.replace(/\/$/, '')] : [];
}

/** npm scripts a mention runs: `npm run dev`, `npm start`, `npm test`. */
export function npmScripts(mention: string): string[] {
  const scripts = [...mention.matchAll(/\bnpm run ([\w:.-]+)/g)].map((match) => match[1] ?? '');
  for (const [, name] of mention.matchAll(/\bnpm (start|test)\b/g)) scripts.push(name ?? '');
  return scripts;
}

/**
 * Upper-case names a mention uses as a variable or constant: a whole span like `SITE_URL` or
 * `MAIN_NAV`, and every `NAME=value` assignment of a command.
 */
export function upperNames(mention: string): string[] {
  const names = new Set<string>();
  const whole = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=\S*)?$/.exec(mention);
  if (whole?.[1]) names.add(whole[1]);
  for (const [, name] of mention.matchAll(/(?:^|\s)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)=/g)) if (name) names.add(name);
  return [...names];
}

/** Astro hydration directives a mention names (`client:idle`). */
export function directives(mention: string): string[] {
  return [...mention.matchAll(/\bclient:([a-z]+)\b/g)].map((match) => `client:${match[1] ?? ''}`);
}

/** Ports of local addresses a mention names: `http://localhost:8081/api/`, `127.0.0.1:4400`. */
export function localPorts(mention: string): number[] {
  return [...mention.matchAll(/\b(?:localhost|127\.0\.0\.1):(\d{2,5})\b/g)].map((match) => Number(match[1]));
}

/** Ports a mention sets itself (`API_PORT=8082`, `PORT=4400 npm run serve`): a page may then use them. */
export function assignedPorts(mention: string): number[] {
  return [...mention.matchAll(/\b[A-Z_]*PORT=(\d+)/g)].map((match) => Number(match[1]));
}
