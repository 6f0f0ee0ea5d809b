/**
 * The build's side of the search index's helper process (./search-helper.ts): a search sink whose index
 * lives there, fed ahead with the previous build's pages.
 *
 * A helper of the lowest priority runs only on CPU nothing else wants; on a machine kept busy by other work
 * it may get none for as long as that lasts. So a helper that has said nothing for `patienceMs` while the
 * build waits on it is given up: it is ended and every call of its sink fails, which the search index step
 * answers with a new index in the build's own process (./pagefind.ts). A slow helper costs time, never the
 * build.
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
  /** How long a helper may say nothing while it has work before it is given up. */
  patienceMs?: number;
}

/** Ten of the helper's heartbeats: long enough for a loaded machine, short beside a build. */
const PATIENCE_MS = 5_000;

/** A request as the build writes it; the id is added when it is sent. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<HelperRequest>;

interface Waiting {
  settle: (answer: HelperAnswer) => void;
  fail: (error: Error) => void;
  /** Whether the build waits on it: the helper's channel then keeps this process running. */
  awaited: boolean;
}

/** Starts the helper; undefined when it cannot be started here. */
function startHelper(module: URL): ChildProcess | undefined {
  try {
    // None of this process's flags (an `--input-type`, a test runner's).
    const child = fork(fileURLToPath(module), {
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    if (child.pid !== undefined) lowerPriority(child.pid);
    child.unref();
    child.channel?.unref();
    return child;
  } catch {
    return undefined;
  }
}

/**
 * Feeds a new index in a helper process with the pages `paths` of the folder `files`, in that order; settles
 * with its sink once every page is indexed, and fails if the helper cannot start, fails or falls silent.
 */
export function fedInHelper(files: string, paths: readonly string[], options: HelperOptions = {}): Promise<FedSink> {
  const patience = options.patienceMs ?? PATIENCE_MS;
  const child = startHelper(options.module ?? new URL('./search-helper.ts', import.meta.url));
  if (!child) return Promise.reject(new Error('No se pudo iniciar el proceso auxiliar del índice de búsqueda.'));
  const waiting = new Map<number, Waiting>();
  let nextId = 0;
  let heard = Date.now();
  let ended: Error | undefined;

  const holdOpen = () => {
    if ([...waiting.values()].some((each) => each.awaited)) child.channel?.ref();
    else child.channel?.unref();
  };
  const end = (error: Error) => {
    if (ended) return;
    ended = error;
    clearInterval(watch);
    for (const each of waiting.values()) each.fail(error);
    waiting.clear();
    // Disconnected, it ends Pagefind and itself; one that gets no CPU to do so is ended here.
    if (child.connected) child.disconnect();
    child.kill();
  };
  const watch = setInterval(() => {
    if (waiting.size > 0 && Date.now() - heard > patience)
      end(new Error(`El proceso auxiliar del índice de búsqueda no respondió en ${patience} ms.`));
  }, patience / 5);
  watch.unref();

  child.on('message', (answer: HelperAnswer) => {
    heard = Date.now();
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

  const ask = (request: Request, awaited = true) =>
    new Promise<HelperAnswer>((settle, fail) => {
      if (ended) {
        fail(ended);
        return;
      }
      const id = nextId++;
      // The helper's silence counts from here when nothing was waiting.
      if (waiting.size === 0) heard = Date.now();
      waiting.set(id, { settle, fail, awaited });
      holdOpen();
      try {
        child.send({ ...request, id });
      } catch (error) {
        end(error instanceof Error ? error : new Error(String(error)));
      }
    });

  const sink: SearchSink = {
    add: async (path, body) => {
      await ask({ kind: 'add', path, body });
    },
    files: async () => {
      const answer = await ask({ kind: 'files' });
      return 'files' in answer ? answer.files : [];
    },
    close: () => {
      end(new Error('El índice del proceso auxiliar se cerró.'));
      return Promise.resolve();
    },
  };
  // The build does not wait on the feed: a build that stops meanwhile ends, and the helper with it.
  return ask({ kind: 'feed', files, paths: [...paths] }, false).then(
    (answer) => ({ sink, fed: new Map('fed' in answer ? answer.fed : []) }),
    (error: unknown) => {
      end(error instanceof Error ? error : new Error(String(error)));
      throw error;
    },
  );
}
