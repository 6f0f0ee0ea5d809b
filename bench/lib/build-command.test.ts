import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/schemas/project-copy.ts';
import { buildArguments } from './build-command.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function projectWithBuild(script: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'angram-build-command-'));
  made.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: script === undefined ? {} : { build: script } }));
  return dir;
}

describe('buildArguments', () => {
  it('gives node the arguments of the project’s build script, whose files exist', () => {
    const args = buildArguments(PROJECT_ROOT);
    expect(args.at(-1)).toBe('build');
    for (const file of args.filter((arg) => !arg.startsWith('-') && arg !== 'build'))
      expect(existsSync(join(PROJECT_ROOT, file)), file).toBe(true);
  });

  it('refuses a build script that is not a node command, or none', () => {
    expect(() => buildArguments(projectWithBuild('astro build'))).toThrow(/debe ser "node …"/);
    expect(() => buildArguments(projectWithBuild(undefined))).toThrow(/debe ser "node …"/);
  });

  // The setting is only worth its line while the bundler allocates through mimalloc and reads it.
  it('sets the bundler’s allocator as the build’s environment file says', () => {
    const flags = buildArguments(PROJECT_ROOT).filter((arg) => arg.startsWith('--env-file='));
    expect(flags).toHaveLength(1);
    const loaded = spawnSync(process.execPath, [...flags, '-e', "require('rolldown')"], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      env: { ...process.env, MIMALLOC_VERBOSE: '1', MIMALLOC_PURGE_DELAY: undefined },
    });
    expect(loaded.status).toBe(0);
    expect(loaded.stderr).toMatch(/option 'purge_delay': 0\b/);
  });
});
