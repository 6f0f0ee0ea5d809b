/**
 * Compression on the CPU the rendering leaves idle. Astro renders the pages on one thread, which with its
 * garbage collector keeps about 1.3 of 2 cores busy; the rest sat idle while every page waited for the
 * step after the rendering to be compressed. Compressing beside the rendering on libuv's threads slowed it
 * more than it saved (x30: pages 8.8 s longer, compression 5.1 s shorter), as brotli took the rendering
 * thread's core.
 *
 * Here the compression runs in helper processes of the lowest priority (`lowerPriority`): the kernel gives
 * them only the time the build's own threads leave. They use zlib's synchronous calls, which cost less
 * CPU than its asynchronous ones (2.9 against 3.7 ms for a 155 KB page's brotli and gzip). A process, not
 * a worker thread: on Linux a thread can have its own priority too, but a lowered worker thread in the
 * build's process still slowed the rendering by as much as libuv's threads did.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { availableParallelism, constants as osConstants, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Copies, Levels } from './compression-options.ts';
import type { CompressAnswer, CompressJob } from './idle-compression-worker.ts';

export interface IdleCompression {
  /**
   * Both copies of `source`, or `undefined` when they were not made here: the queue was full, the work
   * was dropped (`drop`) or a helper failed. The caller then compresses `source` itself.
   */
  compress(source: Buffer, levels: Levels): Promise<Copies | undefined>;
  /** Gives up what is queued or running: those promises give `undefined` at once. */
  drop(): void;
  /** Ends the helpers; a later `compress` starts them again. */
  close(): void;
}

interface Pending {
  job: CompressJob;
  settle: (copies: Copies | undefined) => void;
}

interface Helper {
  process: ChildProcess;
  /** What it compresses now; it stays busy with work dropped meanwhile until that answer comes. */
  running: Pending | undefined;
}

export interface IdleCompressionOptions {
  /** One fewer than the machine's cores by default: the rendering keeps one. */
  helpers?: number;
  /** The helper's module; another only in tests (one that cannot start). */
  worker?: URL;
  /** Bytes of sources waiting for a helper; past this a file is left to the caller, so memory stays bounded. */
  maxQueuedBytes?: number;
}

/**
 * About seventy pages of a thousand-page wiki (120 KB each). Past it the helpers are not keeping up (the
 * rendering leaves them little), and holding more pages only makes the build's garbage collector work harder.
 */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;

export function idleCompression(options: IdleCompressionOptions = {}): IdleCompression {
  const count = options.helpers ?? Math.max(1, availableParallelism() - 1);
  const maxQueuedBytes = options.maxQueuedBytes ?? MAX_QUEUED_BYTES;
  const worker = fileURLToPath(options.worker ?? new URL('./idle-compression-worker.ts', import.meta.url));
  const queue: Pending[] = [];
  let queuedBytes = 0;
  let helpers: Helper[] = [];
  let nextId = 0;
  /** Whether any helper of this pool has answered since it was made or closed. */
  let answered = false;
  /** Set when helpers cannot run here (a failed fork, or helpers that end before any answer) until `close`. */
  let unavailable = false;

  function startHelper(): Helper | undefined {
    let child: ChildProcess;
    try {
      // None of this process's flags (an `--input-type`, a test runner's); `gc` for the helper's own collections.
      child = fork(worker, {
        execArgv: ['--expose-gc'],
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
    } catch {
      // Most spawn errors are thrown, not emitted: the build goes on and compresses its files itself.
      return undefined;
    }
    const helper: Helper = { process: child, running: undefined };
    if (child.pid !== undefined) lowerPriority(child.pid);
    // An idle helper keeps nothing alive; one at work keeps its channel open until it answers (`next`).
    child.unref();
    child.channel?.unref();
    child.on('message', (message: CompressAnswer) => finished(helper, message));
    // Not once: a send to a helper that just died may emit a second error, and one without a listener throws.
    child.on('error', () => failed(helper));
    child.once('exit', () => failed(helper));
    return helper;
  }

  function start(): Helper[] {
    const started = Array.from({ length: count }, startHelper).filter((helper) => helper !== undefined);
    if (started.length === 0) unavailable = true;
    return started;
  }

  function finished(helper: Helper, message: CompressAnswer): void {
    // An answer that arrives after its helper was given up is ignored, and nothing more is sent to it.
    if (!helpers.includes(helper)) return;
    answered = true;
    const running = helper.running;
    helper.running = undefined;
    // Settling again what was dropped changes nothing: a promise keeps its first value.
    if (running?.job.id === message.id)
      running.settle('error' in message ? undefined : { br: asBuffer(message.br), gz: asBuffer(message.gz) });
    next(helper);
  }

  /** A helper that stopped: its work goes back to the caller, and so does the queue once none is left. */
  function failed(helper: Helper): void {
    if (!helpers.includes(helper)) return;
    helper.running?.settle(undefined);
    helper.running = undefined;
    helpers = helpers.filter((each) => each !== helper);
    if (helpers.length > 0) return;
    dropQueue();
    // Helpers that end before any answer (a module that cannot load) would otherwise be started again
    // for every file, each start a fork and a `chrt` on the rendering thread.
    if (!answered) unavailable = true;
  }

  function next(helper: Helper): void {
    const pending = queue.shift();
    if (!pending) {
      helper.process.channel?.unref();
      return;
    }
    queuedBytes -= pending.job.source.length;
    helper.running = pending;
    helper.process.channel?.ref();
    helper.process.send(pending.job);
  }

  function dropQueue(): void {
    for (const pending of queue.splice(0)) pending.settle(undefined);
    queuedBytes = 0;
  }

  function drop(): void {
    dropQueue();
    for (const helper of helpers) helper.running?.settle(undefined);
  }

  return {
    compress(source, levels) {
      if (unavailable || queuedBytes + source.length > maxQueuedBytes) return Promise.resolve(undefined);
      if (helpers.length === 0) helpers = start();
      if (helpers.length === 0) return Promise.resolve(undefined);
      return new Promise((settle) => {
        queue.push({ job: { id: nextId++, source, levels }, settle });
        queuedBytes += source.length;
        const free = helpers.find((helper) => !helper.running);
        if (free) next(free);
      });
    },
    drop,
    close() {
      drop();
      const ending = helpers;
      helpers = [];
      answered = false;
      unavailable = false;
      for (const helper of ending) helper.process.kill();
    },
  };
}

/**
 * Linux's idle scheduling class (`chrt`, from util-linux): the process runs only on a core nothing else
 * wants, and a thread of the build that wakes takes the core back at once. Nice 19 alone still let the
 * compression take time from the rendering (x30: pages 16.6-17.8 s with it, 12.2-15.0 s in the idle class,
 * 10.6-13.7 s without any compression beside them). Every thread the helper has started so far moves
 * (`--all-tasks`); those it starts later inherit the class. Where `chrt` is missing or refused, nice 19;
 * where that is refused too, normal priority: slower, never wrong.
 */
export function lowerPriority(pid: number): void {
  const idleClass = spawnSync('chrt', ['--all-tasks', '--idle', '--pid', '0', String(pid)], { stdio: 'ignore' });
  if (idleClass.status === 0) return;
  try {
    setPriority(pid, osConstants.priority.PRIORITY_LOW);
  } catch {
    // Left at normal priority.
  }
}

/** Structured cloning hands a Buffer over as a plain Uint8Array. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
