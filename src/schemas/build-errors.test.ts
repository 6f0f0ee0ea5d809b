/**
 * End to end: a broken content file makes `astro sync` fail with a message naming the file and the field.
 * Runs Astro's CLI in a temporary copy of just what content sync needs; `node_modules` entries are
 * symlinked one by one so Astro's and Vite's caches (`node_modules/.astro`, `.vite`) stay in the copy.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
// server/static: the build-time compression integration shares the server's list of compressible types.
const COPIED = ['package.json', 'astro.config.mjs', 'tsconfig.json', 'src/content.config.ts', 'src/schemas', 'src/lib', 'src/integrations', 'src/assets', 'core', 'content', 'server/static'];
let project = '';

function copyProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'angram-content-'));
  for (const path of COPIED) cpSync(join(root, path), join(dir, path), { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name === '.astro' || name === '.vite') continue;
    symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name));
  }
  return dir;
}

/** `astro sync` in the copy, with the Node running the tests (the machine's default may be too old). */
function astroSync(): { status: number | null; output: string } {
  const cli = join(project, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [cli, 'sync'], { cwd: project, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

function rewrite(path: string, edit: (text: string) => string): () => void {
  const file = join(project, path);
  const original = readFileSync(file, 'utf8');
  const edited = edit(original);
  if (edited === original) throw new Error(`la edición no cambió ${path}`);
  writeFileSync(file, edited);
  return () => writeFileSync(file, original);
}

beforeAll(() => {
  project = copyProject();
});

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('astro sync on broken content', () => {
  it('names the file and the field of a technology with level "Intermediate"', () => {
    const restore = rewrite('content/technologies.yaml', (text) => text.replace('level: Advanced', 'level: Intermediate'));
    const { status, output } = astroSync();
    restore();
    expect(status).not.toBe(0);
    expect(output).toContain('content/technologies.yaml');
    expect(output).toMatch(/level\**: "Intermediate" no es válido: se espera un nivel \(Expert, Advanced\)/);
  }, 30_000);

  it('names the file, line and column of a YAML syntax error', () => {
    const restore = rewrite('content/faq.yaml', (text) => text.replace('  title: Inversión y pagos', '  title: Inversión: y pagos'));
    const { status, output } = astroSync();
    restore();
    expect(status).not.toBe(0);
    expect(output).toContain('No se pudo leer content/faq.yaml');
    expect(output).toMatch(/in "content\/faq\.yaml" \(\d+:\d+\)/);
  }, 30_000);
});
