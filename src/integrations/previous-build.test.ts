import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import {
  previousBuildAside,
  previousBuildOf,
  recordBuild,
  recordThisBuild,
  setPreviousBuildAside,
} from './previous-build.ts';

type Hooks = AstroIntegration['hooks'];

/** Runs one of the integration's hooks with only what it reads of Astro's arguments. */
async function run(hooks: Hooks, name: keyof Hooks, options: object): Promise<void> {
  const hook = hooks[name] as ((options: object) => unknown) | undefined;
  await hook?.(options);
}

describe('the previous build set aside', () => {
  let project = '';
  let dist = '';
  let root = '';
  beforeEach(async () => {
    project = await mkdtemp(join(tmpdir(), 'angram-previous-build-'));
    dist = join(project, 'dist');
    root = join(project, 'node_modules/.cache/angram-previous-build');
  });
  afterEach(async () => {
    await rm(project, { recursive: true, force: true });
  });

  /** The folders builds set their predecessors aside in. */
  const setAside = async () => (await readdir(root)).filter((name) => name !== 'records');

  it('leaves dist/ empty but for Git’s folder and keeps its files until the next build deletes them', async () => {
    await mkdir(join(dist, 'wikiangram'), { recursive: true });
    await mkdir(join(dist, '.git'));
    await writeFile(join(dist, 'index.html'), '<h1>Angram</h1>');
    await writeFile(join(dist, 'wikiangram', 'setup.html'), '<h1>Instalación</h1>');
    // What the code before kept, or a failed build left behind, goes too.
    await mkdir(join(root, 'old'), { recursive: true });
    await writeFile(join(root, 'old', 'contacto.html'), '<h1>Contacto</h1>');

    const first = await setPreviousBuildAside(dist, root);
    expect(await readdir(dist)).toEqual(['.git']);
    await first.deleted;
    expect(await readFile(join(first.previous.files, 'wikiangram', 'setup.html'), 'utf8')).toBe('<h1>Instalación</h1>');
    expect(await setAside()).toHaveLength(1);

    await writeFile(join(dist, 'index.html'), '<h1>Angram, otra vez</h1>');
    const second = await setPreviousBuildAside(dist, root);
    await second.deleted;
    expect(existsSync(first.previous.files)).toBe(false);
    expect(await readFile(join(second.previous.files, 'index.html'), 'utf8')).toBe('<h1>Angram, otra vez</h1>');
  });

  it('hands the next build the record a finished build left, and no record after a build that failed', async () => {
    await mkdir(dist, { recursive: true });
    await writeFile(join(dist, 'index.html'), '<h1>Angram</h1>');
    await recordBuild(root, dist, { copies: ['index.html'] });
    // Another output folder's record is its own.
    await recordBuild(root, join(project, 'otro-dist'), { copies: ['otro.html'] });

    const next = await setPreviousBuildAside(dist, root);
    expect(next.previous.record).toEqual({ copies: ['index.html'] });
    // This build writes its pages and fails before recording them: the one after gets its files, no record.
    await writeFile(join(dist, 'index.html'), '<h1>A medias</h1>');
    const afterFailure = await setPreviousBuildAside(dist, root);
    expect(afterFailure.previous.record).toBeUndefined();
    expect(await readFile(join(afterFailure.previous.files, 'index.html'), 'utf8')).toBe('<h1>A medias</h1>');
    expect((await setPreviousBuildAside(join(project, 'otro-dist'), root)).previous.record).toEqual({
      copies: ['otro.html'],
    });
  });

  it('leaves alone what a build still running set aside', async () => {
    // A process of this machine that is not this one, alive for the length of the test.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)'], { stdio: 'ignore' });
    try {
      const running = join(root, `${other.pid}-abc`, 'files');
      await mkdir(running, { recursive: true });
      await writeFile(join(running, 'index.html'), '<h1>En uso</h1>');
      const { deleted } = await setPreviousBuildAside(dist, root);
      await deleted;
      expect(existsSync(join(running, 'index.html'))).toBe(true);
    } finally {
      other.kill();
    }
  });

  it('gives the other steps the previous build by the folder Astro builds into, however it is written', async () => {
    const integration = previousBuildAside();
    const config = { root: pathToFileURL(`${project}/`), outDir: pathToFileURL(`${dist}/`) };
    const build = async () => {
      await run(integration.hooks, 'astro:config:done', { config });
      await run(integration.hooks, 'astro:build:start', {});
      await mkdir(dist, { recursive: true });
      await writeFile(join(dist, 'index.html'), '<h1>Angram</h1>');
      // Written another way than the configuration's URL, which ends in a slash.
      await recordThisBuild(dist, { copies: ['index.html'] });
      await run(integration.hooks, 'astro:build:done', {});
    };
    await build();
    await build();
    const previous = previousBuildOf(dist);
    expect(previous).toBe(previousBuildOf(`${dist}/`));
    expect(previous?.record).toEqual({ copies: ['index.html'] });
    expect(await readFile(join(previous?.files ?? '', 'index.html'), 'utf8')).toBe('<h1>Angram</h1>');
  });

  it('leaves dist/ alone until Astro starts building: tools read the configuration with the build command too', async () => {
    await mkdir(dist, { recursive: true });
    await writeFile(join(dist, 'index.html'), '<h1>Angram</h1>');
    const config = { root: pathToFileURL(`${project}/`), outDir: pathToFileURL(`${dist}/`) };
    const build = previousBuildAside();
    await run(build.hooks, 'astro:config:setup', { command: 'build' });
    await run(build.hooks, 'astro:config:done', { config });
    expect(await readdir(dist)).toEqual(['index.html']);
    expect(previousBuildOf(dist)).toBeUndefined();
    await run(build.hooks, 'astro:build:start', {});
    expect(await readdir(dist)).toEqual([]);
    expect(await readFile(join(previousBuildOf(dist)?.files ?? '', 'index.html'), 'utf8')).toBe('<h1>Angram</h1>');
    await run(build.hooks, 'astro:build:done', {});
  });

  it('never fails a build for a record it cannot write or a folder it cannot make', async () => {
    await mkdir(dist, { recursive: true });
    await writeFile(join(dist, 'index.html'), '<h1>Angram</h1>');
    // A file where the folders should be: nothing can be made under it.
    await mkdir(join(project, 'node_modules/.cache'), { recursive: true });
    await writeFile(root, 'no es una carpeta');
    const integration = previousBuildAside();
    const config = { root: pathToFileURL(`${project}/`), outDir: pathToFileURL(`${dist}/`) };
    await run(integration.hooks, 'astro:config:done', { config });
    await run(integration.hooks, 'astro:build:start', {});
    await expect(recordThisBuild(dist, { copies: [] })).resolves.toBeUndefined();
    await run(integration.hooks, 'astro:build:done', {});
    // Left for Astro to delete, as without this step.
    expect(await readdir(dist)).toEqual(['index.html']);
    expect(previousBuildOf(dist)?.record).toBeUndefined();
  });

  it('sets nothing aside for a project without a previous build', async () => {
    const { deleted, previous } = await setPreviousBuildAside(dist, root);
    await deleted;
    expect(await readdir(previous.files)).toEqual([]);
    expect(previous.record).toBeUndefined();
    expect(existsSync(dist)).toBe(false);
  });
});
