/**
 * The build's side of the search index's helper process (./search-helper.ts): a search sink whose index
 * lives there, fed ahead with the previous build's pages.
 *
 * A helper of the lowest priority runs only on CPU nothing else wants; on a machine kept busy by other work
 * it may get none for as long as that lasts, and Pagefind's process may die under it without a word. So
 * once the build waits on the helper, a helper whose work has not moved for `patienceMs` (the pages it
 * indexed, the answers it gave) is given up: it is ended and every call of its sink fails, which the search
 * index step answers with a new index in the build's own process (./pagefind.ts). Before that, while Vite
 * bundles, a helper may go without CPU as long as it needs. A slow helper costs time, never the build.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { lowerPriority } from './idle-compression.ts';
import type { FedSink } from './search-index-ahead.ts';
import type { HelperAnswer, HelperRequest } from './search-helper.ts';
import type { SearchSink } from './search-sink.ts';

export interface HelperOptions {
  /** The helper's module; another only in tests (one that cannot start, or never answers). */
  module?: URL;
  /** How long the helper's work may stand still while the build waits on it before it is given up. */
  patienceMs?: number;
  /** The same while it builds the index's files, one long step of Pagefind's that reports nothing. */
  filesPatienceMs?: number;
  /**
   * Whether the helper runs at the lowest priority, as in a build. Tests that time a helper run it at normal
   * priority: on a machine busy with other tests an idle helper may get no CPU at all.
   */
  idle?: boolean;
}

/** Ten of the helper's heartbeats: long enough for a loaded machine, short beside a build. */
const PATIENCE_MS = 5_000;
/** Pagefind builds the files of a thousand pages in 1-2 s here; this leaves room for sites many times larger. */
const FILES_PATIENCE_MS = 60_000;

/** A helper feeding an index ahead. */
export interface HelperFeed {
  /**
   * The sink once every page is indexed. From this call on the build waits on the helper: its channel keeps
   * this process running (a build that awaits only the helper must not end early) and its patience counts.
   */
  awaited(): Promise<FedSink>;
  /** Ends the helper at once, fed or not, and with it Pagefind's process. */
  close(): void;
}

/** A request as the build writes it; the id is added when it is sent. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<HelperRequest>;

interface Waiting {
  kind: Request['kind'];
  settle: (answer: HelperAnswer) => void;
  fail: (error: Error) => void;
  /** Whether the build waits on it: it then keeps this process running and the helper's patience counts. */
  awaited: boolean;
}

/** Starts the helper; undefined when it cannot be started here. */
function startHelper(module: URL, idle: boolean): ChildProcess | undefined {
  try {
    // None of this process's flags (an `--input-type`, a test runner's).
    const child = fork(fileURLToPath(module), {
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    if (idle && child.pid !== undefined) lowerPriority(child.pid);
    child.unref();
    child.channel?.unref();
    return child;
  } catch {
    return undefined;
  }
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Starts a helper process that feeds a new index the pages `paths` of the folder `files`, in that order.
 * Its sink (`HelperFeed.awaited`) comes once every page is indexed; it fails if the helper cannot start,
 * fails, or stands still while the build waits on it.
 */
export function feedInHelper(files: string, paths: readonly string[], options: HelperOptions = {}): HelperFeed {
  const patience = options.patienceMs ?? PATIENCE_MS;
  const filesPatience = options.filesPatienceMs ?? FILES_PATIENCE_MS;
  const child = startHelper(options.module ?? new URL('./search-helper.ts', import.meta.url), options.idle ?? true);
  if (!child) {
    const failed = Promise.reject(new Error('No se pudo iniciar el proceso auxiliar del índice de búsqueda.'));
    failed.catch(() => undefined);
    return { awaited: () => failed, close: () => undefined };
  }
  const waiting = new Map<number, Waiting>();
  let nextId = 0;
  /** The helper's count of pages indexed and answers given, and when it last moved. */
  let progress = -1;
  let movedAt = Date.now();
  let ended: Error | undefined;

  const awaitedNow = () => [...waiting.values()].filter((each) => each.awaited);
  const holdOpen = () => {
    if (awaitedNow().length > 0) child.channel?.ref();
    else child.channel?.unref();
  };
  const end = (error: Error) => {
    if (ended) return;
    ended = error;
    clearInterval(watch);
    for (const each of waiting.values()) each.fail(error);
    waiting.clear();
    // Its Pagefind ends with it: Pagefind's service stops when its input closes.
    child.kill();
  };
  const watch = setInterval(() => {
    const awaited = awaitedNow();
    if (awaited.length === 0) return;
    const limit = awaited.some((each) => each.kind === 'files') ? filesPatience : patience;
    if (Date.now() - movedAt > limit)
      end(new Error(`El proceso auxiliar del índice de búsqueda no avanzó en ${limit} ms.`));
  }, patience / 5);
  watch.unref();

  const moved = (count: number) => {
    if (count === progress) return;
    progress = count;
    movedAt = Date.now();
  };
  child.on('message', (answer: HelperAnswer) => {
    moved(answer.progress);
    if (!('id' in answer)) return;
    const request = waiting.get(answer.id);
    waiting.delete(answer.id);
    holdOpen();
    if ('error' in answer) request?.fail(new Error(answer.error));
    else request?.settle(answer);
  });
  // Not once: a send to a helper that just died may emit a second error, and one without a listener throws.
  child.on('error', (error) => end(error));
  child.once('exit', () => end(new Error('El proceso auxiliar del índice de búsqueda terminó.')));

  const ask = (request: Request, awaited: boolean): { id: number; answer: Promise<HelperAnswer> } => {
    const id = nextId++;
    const answer = new Promise<HelperAnswer>((settle, fail) => {
      if (ended) {
        fail(ended);
        return;
      }
      // Standing still counts from the moment the build starts waiting.
      if (awaited && awaitedNow().length === 0) movedAt = Date.now();
      waiting.set(id, { kind: request.kind, settle, fail, awaited });
      holdOpen();
      try {
        child.send({ ...request, id });
      } catch (error) {
        end(asError(error));
      }
    });
    return { id, answer };
  };

  const sink: SearchSink = {
    add: async (path, body) => {
      await ask({ kind: 'add', path, body }, true).answer;
    },
    files: async () => {
      const answer = await ask({ kind: 'files' }, true).answer;
      return 'files' in answer ? answer.files : [];
    },
    close: () => {
      end(new Error('El índice del proceso auxiliar se cerró.'));
      return Promise.resolve();
    },
  };
  // While Vite bundles the build does not wait on the feed: a build that stops meanwhile ends, and the helper
  // with it.
  const feed = ask({ kind: 'feed', files, paths: [...paths] }, false);
  const fed = feed.answer.then(
    (answer): FedSink => ({ sink, fed: new Map('fed' in answer ? answer.fed : []) }),
    (error: unknown) => {
      end(asError(error));
      throw error;
    },
  );
  fed.catch(() => undefined);
  return {
    awaited: () => {
      const request = waiting.get(feed.id);
      if (request && !request.awaited) {
        request.awaited = true;
        movedAt = Date.now();
        holdOpen();
      }
      return fed;
    },
    close: () => end(new Error('El índice del proceso auxiliar se cerró.')),
  };
}
