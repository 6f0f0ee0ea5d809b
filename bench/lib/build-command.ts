import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Node's arguments for what `npm run build` runs in `project` (its `build` script, which starts with
 * `node`): the benches build with the project's own flags and settings, without npm's start-up in the
 * time they measure. Relative paths in them are the project's: run them with `project` as the folder.
 */
export function buildArguments(project: string): string[] {
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const [program, ...args] = (manifest.scripts?.build ?? '').trim().split(/\s+/);
  if (program !== 'node' || args.length === 0)
    throw new Error(`El script "build" de ${join(project, 'package.json')} debe ser "node …" para medirlo.`);
  return args;
}
