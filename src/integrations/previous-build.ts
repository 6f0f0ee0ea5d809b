/**
 * Astro empties `dist/` before bundling, one synchronous delete after another: with every page's compressed
 * copies and the search index that is over 500 files, about a second of a rebuild during which nothing else
 * runs. Moving the previous build aside is a rename per entry; what is left of older builds is deleted on
 * libuv's threads while Vite bundles. What cannot be moved (another disk, a file in use) stays where it was
 * for Astro to delete as before.
 *
 * The previous build's files stay set aside until the next build, because some of them are what this
 * build would write again: renaming an unchanged page's compressed copy back into `dist/` costs a fraction
 * of writing it (./precompress.ts). Only a build's own record says which of its files are which
 * (`recordBuild`), so the record goes aside with the files it describes, before them: a record is never
 * read beside the files of a build it does not describe (a failed build leaves none).
 *
 * Layout: `<root>/<pid>-<time>/files/` (the files a build set aside), `record.json` beside them and
 * `scratch/` (what the build itself makes ahead);
 * `<root>/records/<hash of dist/>.json`, each output folder's last finished build's record.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { readJsonFile, writeJsonFile } from './json-file.ts';
import { isRunning } from './running-process.ts';

/** Where previous builds wait to be reused and deleted. */
export const PREVIOUS_BUILD_DIR = 'node_modules/.cache/angram-previous-build';

/** `<pid>-<time>`: the folder a build set its predecessor aside in, and which process did. */
const SET_ASIDE = /^(\d+)-[a-z0-9]+$/;
const RECORDS = 'records';
/** A set-aside folder or a record this old goes whatever its process id says: ids are reused, builds end. */
const STALE_AFTER_MS = 7 * 86_400_000;

/** The previous build of an output folder, as this build found it. */
export interface PreviousBuild {
  /** Its files, in the layout they had in `dist/`; some may be missing. */
  files: string;
  /** What it recorded of them when it finished (`recordBuild`), or undefined. */
  record: unknown;
  /**
   * A folder of this build's own beside them, deleted with them by the next build: files this build makes
   * ahead and renames into `dist/` later (./precompress.ts). It may be missing.
   */
  scratch: string;
}

/** An output folder as one string however it was written (`dist`, `/x/dist/`): the key of its record. */
const folderKey = (outDir: string) => resolve(outDir);

const recordFile = (root: string, outDir: string) =>
  join(root, RECORDS, `${createHash('sha256').update(folderKey(outDir)).digest('base64url')}.json`);

/** Whether `work` succeeded, for file operations whose failure only means a slower path. */
export function succeeded(work: Promise<unknown>): Promise<boolean> {
  return work.then(
    () => true,
    () => false,
  );
}

/** Renames `from` to `to`; whether it happened (another disk, a missing file: not). */
export function movedInto(from: string, to: string): Promise<boolean> {
  return succeeded(rename(from, to));
}

/**
 * Whether a set-aside folder can go: not this build's, and its build is over (its process is gone, or it is
 * this process, which runs one build at a time).
 */
async function isLeftOver(root: string, name: string, own: string): Promise<boolean> {
  if (name === own || name === RECORDS) return false;
  const pid = SET_ASIDE.exec(name)?.[1];
  if (!pid || Number(pid) === process.pid || !isRunning(Number(pid))) return true;
  const info = await stat(join(root, name)).catch(() => undefined);
  return !info || info.mtimeMs < Date.now() - STALE_AFTER_MS;
}

/** Deletes older builds' folders and forgotten records (of output folders long not built). */
async function deleteLeftovers(root: string, own: string): Promise<void> {
  const names = await readdir(root).catch(() => []);
  const stale = Date.now() - STALE_AFTER_MS;
  const records = await readdir(join(root, RECORDS)).catch(() => []);
  await Promise.all([
    ...names.map(async (name) => {
      if (await isLeftOver(root, name, own))
        await rm(join(root, name), { recursive: true, force: true, maxRetries: 3 });
    }),
    ...records.map(async (name) => {
      const path = join(root, RECORDS, name);
      const info = await stat(path).catch(() => undefined);
      if (info && info.mtimeMs < stale) await rm(path, { force: true });
    }),
  ]);
}

/**
 * Moves everything in `outDir` (Git's folder aside), and the record its build left, into a new folder of
 * `root`; `deleted` settles when older builds' folders, whose deletion has already started, are gone.
 */
export async function setPreviousBuildAside(
  outDir: string,
  root: string,
): Promise<{ deleted: Promise<void>; previous: PreviousBuild }> {
  const own = `${process.pid}-${Date.now().toString(36)}`;
  const files = join(root, own, 'files');
  const scratch = join(root, own, 'scratch');
  const deleted = () => deleteLeftovers(root, own).catch(() => undefined);
  // The scratch folder is only a faster path: a build that cannot make it writes its files in place.
  const [made] = await Promise.all([
    succeeded(mkdir(files, { recursive: true })),
    succeeded(mkdir(scratch, { recursive: true })),
  ]);
  if (!made) {
    // Nowhere to set it aside: Astro deletes dist/ as it would without this, and the record goes with it.
    await rm(recordFile(root, outDir), { force: true }).catch(() => undefined);
    return { deleted: deleted(), previous: { files, record: undefined, scratch } };
  }
  const recordPath = join(root, own, 'record.json');
  await movedInto(recordFile(root, outDir), recordPath);
  const entries = await readdir(outDir).catch(() => []);
  await Promise.all(
    entries.filter((name) => name !== '.git').map((name) => movedInto(join(outDir, name), join(files, name))),
  );
  const record = await readJsonFile(recordPath);
  return { deleted: deleted(), previous: { files, record, scratch } };
}

/**
 * Keeps what a finished build says of its files in `outDir` for the next build, which moves it aside with
 * them. Written whole under another name first: a record is complete or absent. Only the build that wrote
 * those files may call it, once they are all written.
 */
export async function recordBuild(root: string, outDir: string, record: unknown): Promise<void> {
  await writeJsonFile(recordFile(root, outDir), record);
}

/** The previous build and the records' folder of each output folder this process builds. */
const builds = new Map<string, { root: string; previous?: PreviousBuild }>();

/** The previous build of `outDir` as this build set it aside, if `previousBuildAside()` runs. */
export function previousBuildOf(outDir: string): PreviousBuild | undefined {
  return builds.get(folderKey(outDir))?.previous;
}

/**
 * Records what this build wrote in `outDir` for the next one (`recordBuild`), if `previousBuildAside()`
 * runs. A record that cannot be written costs the next build time, never this one its result.
 */
export async function recordThisBuild(outDir: string, record: unknown): Promise<void> {
  const build = builds.get(folderKey(outDir));
  if (build) await recordBuild(build.root, outDir, record).catch(() => undefined);
}

/**
 * Sets the previous build aside when Astro starts building, before it empties `dist/`. Not at
 * `astro:config:done`, though the search index could start on it sooner: tools that only read the
 * configuration (knip, through Vitest's config) run that hook with the build command too, and `npm run lint`
 * emptied `dist/`.
 */
export function previousBuildAside(): AstroIntegration {
  let outDir = '';
  let deleting: Promise<void> | undefined;
  return {
    name: 'angram:previous-build',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        builds.set(folderKey(outDir), { root: fileURLToPath(new URL(`${PREVIOUS_BUILD_DIR}/`, config.root)) });
      },
      'astro:build:start': async () => {
        const build = builds.get(folderKey(outDir));
        if (!build) return;
        const aside = await setPreviousBuildAside(outDir, build.root);
        build.previous = aside.previous;
        deleting = aside.deleted;
      },
      'astro:build:done': async () => {
        await deleting;
      },
    },
  };
}
