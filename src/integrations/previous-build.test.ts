import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setPreviousBuildAside } from './previous-build.ts';

describe('the previous build set aside', () => {
  let project = '';
  beforeEach(async () => {
    project = await mkdtemp(join(tmpdir(), 'angram-previous-build-'));
  });
  afterEach(async () => {
    await rm(project, { recursive: true, force: true });
  });

  it('leaves dist/ empty but for Git’s folder and deletes the old files in the background', async () => {
    const dist = join(project, 'dist');
    const trash = join(project, 'node_modules/.cache/angram-previous-build');
    await mkdir(join(dist, 'wikiangram'), { recursive: true });
    await mkdir(join(dist, '.git'));
    await writeFile(join(dist, 'index.html'), '<h1>Angram</h1>');
    await writeFile(join(dist, 'index.html.br'), 'br');
    await writeFile(join(dist, 'wikiangram', 'setup.html'), '<h1>Instalación</h1>');
    // What a failed build left behind goes too.
    await mkdir(join(trash, 'old'), { recursive: true });
    await writeFile(join(trash, 'old', 'contacto.html'), '<h1>Contacto</h1>');

    const { deleted } = await setPreviousBuildAside(dist, trash);
    expect(await readdir(dist)).toEqual(['.git']);
    await deleted;
    expect(existsSync(trash)).toBe(false);
  });

  it('does nothing to a project without a previous build', async () => {
    const { deleted } = await setPreviousBuildAside(join(project, 'dist'), join(project, 'trash'));
    await deleted;
    expect(await readdir(project)).toEqual([]);
  });
});
