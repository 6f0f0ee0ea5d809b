/**
 * Code blocks of the wiki that quote a file of the repository: a fence whose info string carries
 * `file=<path>` (```ts file=src/lib/routes.ts). The snippet test checks each one still appears, line
 * for line, in the file it names, so the wiki cannot silently drift from the code.
 */
export interface QuotedSnippet {
  /** The MDX page, relative to the project root. */
  page: string;
  /** The quoted file, relative to the project root. */
  file: string;
  lines: string[];
}

const FENCE = /^([ \t]*)```[\w-]*[ \t]+file=(\S+)[^\n]*\n([\s\S]*?)^\1```[ \t]*$/gm;

export function quotedSnippets(page: string, mdx: string): QuotedSnippet[] {
  return [...mdx.matchAll(FENCE)].map((match) => {
    const indent = match[1] ?? '';
    const body = (match[3] ?? '').replace(/\n$/, '');
    const lines = body.split('\n').map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
    return { page, file: match[2] ?? '', lines };
  });
}

/** Indentation and trailing spaces aside, do the snippet's lines appear consecutively in the source? */
export function appearsIn(snippet: readonly string[], source: string): boolean {
  const normalize = (line: string) => line.trim();
  const wanted = snippet.map(normalize);
  const lines = source.split('\n').map(normalize);
  if (wanted.length === 0) return false;
  for (let start = 0; start + wanted.length <= lines.length; start++) {
    if (wanted.every((line, offset) => lines[start + offset] === line)) return true;
  }
  return false;
}
