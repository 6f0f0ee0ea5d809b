import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The TypeScript sources under `dir` that are not tests, leaving out the folders named in `skip`. */
export function sourceFiles(dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skip.includes(entry.name) ? [] : sourceFiles(path, skip);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
