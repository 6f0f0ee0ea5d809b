/**
 * The built site's HTML, read from `dist/` once per build and handed page by page to the steps that run after
 * the pages are written: CSP hashes, font coverage, search index and compression each used to read every page
 * again (four reads of 150 MB at a thousand wiki pages), and then shared one copy of the whole site, held until
 * the last step was done with it (230 MB at x30, on top of what rendering left: the build's peak memory).
 *
 * One pass instead: each page is read once, rewritten by the steps that change it, then given to every step
 * that reads it and dropped as soon as the last of them is done with it. A step that falls behind holds the
 * pass once the pages waiting for it pass `HELD_BYTES`, so the steps run side by side at the pace of the
 * slowest and never hold the whole site. Letting a slow step fall behind and read its pages again from disk
 * (the page cache has them) was tried and measured at x30: the buffers and strings it churned cost more CPU
 * in garbage collection (20 full collections after rendering instead of 15) than the shared pace costs time.
 *
 * Each step registers in `astro:build:start` (`registerPageStep`); the first `astro:build:done` hook that asks
 * for its step's pages (`builtPagesTaken`) starts the pass for every registered step, and each hook awaits its
 * own step: the steps' hooks run one after another, but their work over the pages runs at once.
 */
import { createHash } from 'node:crypto';
import { opendir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** A built page: its path from the site's root (`wikiangram/setup.html`) and its bytes. */
export interface BuiltPage {
  root: string;
  path: string;
  body: Buffer;
  /**
   * The body decoded as UTF-8. The readers that take the page as it comes (font coverage, and the search
   * index when it has room) share one decoding of it; the text is not kept with the page while it waits
   * for a slower reader (twice its bytes in memory), so a reader that comes to it later decodes it again.
   */
  text: () => string;
  /**
   * The SHA-256 of the body (base64url), computed once for every step: the CSP trimming, the font coverage
   * check and the compression each key what they keep between builds by it.
   */
  digest: () => string;
}

/** The digest `BuiltPage.digest()` gives a page of these bytes, for a step that reads a page outside the pass. */
export const pageDigest = (body: Uint8Array): string => createHash('sha256').update(body).digest('base64url');

/** A page whose `text()` is decoded once until `forget()`, then on every call, and whose digest is computed once. */
function builtPage(root: string, path: string, body: Buffer): { page: BuiltPage; forget: () => void } {
  let shared: string | undefined;
  let sharing = true;
  let digested: string | undefined;
  const text = () => {
    if (!sharing) return body.toString('utf8');
    shared ??= body.toString('utf8');
    return shared;
  };
  const digest = () => (digested ??= pageDigest(body));
  const forget = () => {
    sharing = false;
    shared = undefined;
  };
  return { page: { root, path, body, text, digest }, forget };
}

interface StepBase {
  /** Which pages the step takes, by path from the site's root. */
  wants(path: string): boolean;
}

/**
 * Changes pages: runs on each page it wants, one page at a time and before any reader, writes the page to
 * `dist/` itself when it changes it, and returns the bytes the next steps get.
 */
export interface PageRewriter extends StepBase {
  rewrite(page: BuiltPage): Buffer | Promise<Buffer>;
}

/**
 * Reads pages: gets each page it wants in the site's order, as the rewriters left it, and works on up to
 * `atOnce` of them at a time (a page stays in memory while a reader's `read` of it has not settled). Its
 * first failure stops its reading; the other steps go on.
 */
export interface PageReader extends StepBase {
  read(page: BuiltPage): unknown;
  atOnce?: number;
}

export type PageStep = PageRewriter | PageReader;

const isRewriter = (step: PageStep): step is PageRewriter => 'rewrite' in step;

/** Files read ahead of the step that takes them: the disk's latency hidden, a few pages in memory. */
const READS_AT_ONCE = 16;
/**
 * Bytes of pages read and not yet done with by every reader, above which the pass waits for the slowest one.
 * Enough slack that a reader ahead of another (the search index ahead of compression) is not held at every
 * page, a small part of a site of hundreds of pages (230 MB at x30).
 */
const HELD_BYTES = 48 * 1024 * 1024;

/**
 * `paths` (from the site's root, with `/`) in the order the pass goes through them: by their UTF-16 code
 * units, the same on every machine. The order a file system lists a folder in is not (ext4 lists by a hash
 * seeded per disk), and the search index numbers its pages in the order they arrive, so it came out
 * different on two machines from the same pages. A step that works ahead of the pass sorts its own paths
 * with this (./pagefind.ts).
 */
export const inPassOrder = (paths: Iterable<string>): string[] => [...paths].sort();

/** Paths of every HTML file under `dir`, from `root`, in the order the file system lists them. */
async function htmlFilesUnder(root: string, dir: string): Promise<string[]> {
  const paths: string[] = [];
  for await (const entry of await opendir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) paths.push(...(await htmlFilesUnder(root, path)));
    else if (entry.isFile() && entry.name.endsWith('.html')) paths.push(relative(root, path).split(sep).join('/'));
  }
  return paths;
}

/** Paths of every HTML file under `root`, in the pass's order. */
const htmlPaths = async (root: string): Promise<string[]> => inPassOrder(await htmlFilesUnder(root, root));

/** A reader's pages waiting, and how many it is reading. */
class ReaderQueue {
  private readonly waiting: BuiltPage[] = [];
  private reading = 0;
  private failure: { error: unknown } | undefined;
  private closed = false;
  private settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  readonly done: Promise<void>;

  private readonly step: PageReader;
  private readonly doneWith: (page: BuiltPage) => void;

  constructor(step: PageReader, doneWith: (page: BuiltPage) => void) {
    this.step = step;
    this.doneWith = doneWith;
    this.done = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Awaited by the step's hook; a failure before then is not an unhandled rejection.
    this.done.catch(() => undefined);
  }

  add(page: BuiltPage): void {
    if (this.failure) {
      this.doneWith(page);
      return;
    }
    this.waiting.push(page);
    this.pump();
  }

  /** No more pages will come; `error`: the pass failed. */
  close(error?: unknown): void {
    this.closed = true;
    if (error !== undefined) this.fail(error);
    this.finishIfIdle();
  }

  private pump(): void {
    while (!this.failure && this.reading < (this.step.atOnce ?? 1)) {
      const page = this.waiting.shift();
      if (!page) break;
      this.reading += 1;
      let reading: Promise<unknown>;
      try {
        reading = Promise.resolve(this.step.read(page));
      } catch (error) {
        this.fail(error);
        reading = Promise.resolve();
      }
      reading
        .catch((error: unknown) => this.fail(error))
        .finally(() => {
          this.reading -= 1;
          this.doneWith(page);
          this.pump();
          this.finishIfIdle();
        });
    }
  }

  private fail(error: unknown): void {
    if (this.failure) return;
    this.failure = { error };
    for (const page of this.waiting.splice(0)) this.doneWith(page);
  }

  private finishIfIdle(): void {
    if (!this.closed || this.reading > 0 || this.waiting.length > 0) return;
    const { error } = this.failure ?? {};
    if (this.failure) this.settle?.reject(error instanceof Error ? error : new Error(String(error)));
    else this.settle?.resolve();
  }
}

export interface PassOptions {
  /** Bytes held for the readers before the pass waits (`HELD_BYTES`). */
  heldBytes?: number;
}

/** One pass over a built site's pages; `done(step)` settles when that step is done with every page. */
export class PagePass {
  private readonly queues = new Map<PageReader, ReaderQueue>();
  private held = 0;
  /** The most bytes of pages the readers held at once during the pass. */
  peakHeldBytes = 0;

  /** Bytes of the pages read and not yet done with by every reader that wants them. */
  get heldBytes(): number {
    return this.held;
  }
  private wakeUp: (() => void) | undefined;
  private readonly passed: Promise<void>;

  private readonly root: string;
  private readonly steps: readonly PageStep[];
  private readonly options: PassOptions;

  constructor(root: string, steps: readonly PageStep[], options: PassOptions = {}) {
    this.root = root;
    this.steps = steps;
    this.options = options;
    for (const step of steps) {
      if (!isRewriter(step)) this.queues.set(step, new ReaderQueue(step, (page) => this.release(page)));
    }
    this.passed = this.run();
    this.passed.catch(() => undefined);
  }

  /** Settles once `step` has taken and finished with every page it wants. */
  done(step: PageStep): Promise<void> {
    if (!this.steps.includes(step)) return Promise.reject(new Error('Este paso no se registró en la pasada.'));
    return this.queues.get(step as PageReader)?.done ?? this.passed;
  }

  private readonly holders = new Map<BuiltPage, number>();

  private release(page: BuiltPage): void {
    const left = (this.holders.get(page) ?? 1) - 1;
    if (left > 0) {
      this.holders.set(page, left);
      return;
    }
    this.holders.delete(page);
    this.held -= page.body.length;
    if (this.held <= (this.options.heldBytes ?? HELD_BYTES)) this.wakeUp?.();
  }

  private async roomForMore(): Promise<void> {
    while (this.held > (this.options.heldBytes ?? HELD_BYTES)) {
      await new Promise<void>((resolve) => {
        this.wakeUp = resolve;
      });
      this.wakeUp = undefined;
    }
  }

  private async run(): Promise<void> {
    let failure: { error: unknown } | undefined;
    try {
      await this.everyPage();
    } catch (error) {
      failure = { error };
      throw error;
    } finally {
      for (const queue of this.queues.values()) queue.close(failure?.error);
    }
  }

  private async everyPage(): Promise<void> {
    const paths = await htmlPaths(this.root);
    const reads: Array<Promise<Buffer>> = [];
    let nextRead = 0;
    const readAhead = () => {
      while (nextRead < paths.length && reads.length < READS_AT_ONCE) {
        const reading = readFile(join(this.root, paths[nextRead++] ?? ''));
        // Awaited in order below; one that fails after an earlier failure stopped the pass is not unhandled.
        reading.catch(() => undefined);
        reads.push(reading);
      }
    };
    for (const path of paths) {
      readAhead();
      let { page, forget } = builtPage(this.root, path, await (reads.shift() ?? Buffer.alloc(0)));
      for (const step of this.steps) {
        if (!isRewriter(step) || !step.wants(path)) continue;
        const body = await step.rewrite(page);
        // An unchanged page stays the same object, its digest computed once for every step.
        if (body !== page.body) ({ page, forget } = builtPage(this.root, path, body));
      }
      const readers = [...this.queues].filter(([step]) => step.wants(path));
      if (readers.length === 0) continue;
      this.holders.set(page, readers.length);
      this.held += page.body.length;
      this.peakHeldBytes = Math.max(this.peakHeldBytes, this.held);
      for (const [, queue] of readers) queue.add(page);
      forget();
      await this.roomForMore();
    }
  }
}

/** Steps registered for the next pass, by name: a build that stopped before its pass leaves none behind. */
const registered = new Map<string, PageStep>();
const passes = new WeakMap<PageStep, PagePass>();

/** Adds a step to the next pass over the built pages (call it in `astro:build:start`); steps run in this order. */
export function registerPageStep(name: string, step: PageStep): void {
  registered.set(name, step);
}

/**
 * Settles once `step` is done with every page of `root`; the first call of a build starts the pass for every
 * step registered.
 */
export function builtPagesTaken(root: string, step: PageStep): Promise<void> {
  let pass = passes.get(step);
  if (!pass) {
    const steps = [...registered.values()];
    registered.clear();
    pass = new PagePass(root, steps);
    for (const each of steps) passes.set(each, pass);
  }
  return pass.done(step);
}
