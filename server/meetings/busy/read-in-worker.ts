/**
 * Reads a busy feed off the main thread: a worker with a time budget and a memory limit, ended when it
 * overruns either. ical.js can loop forever inside one step of a recurrence rule that no date satisfies
 * (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31`), and no check inside that loop can stop it: only ending the thread
 * does, so the server keeps answering whatever the feed holds. The time budget counts from when the worker
 * has loaded its modules (a busy machine can take seconds to start a thread; that is not the feed's doing);
 * the start has its own, wider limit.
 */
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { FeedError } from './feed-error.ts';
import type { Interval, ParseWindow } from './parse.ts';

/** Longest a worker may take to load its modules. */
const STARTUP_LIMIT_MS = 60_000;

export interface ReadBudget {
  timeMs: number;
  memoryMb: number;
  /** Ends the read at once (the server is stopping). */
  signal?: AbortSignal;
}

const answer = z.union([
  z.literal('ready'),
  z.object({ intervals: z.array(z.tuple([z.number(), z.number()])) }),
  z.object({ error: z.string() }),
]);

export function readFeedInWorker(text: string, window: ParseWindow, budget: ReadBudget): Promise<Interval[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), {
      resourceLimits: {
        maxOldGenerationSizeMb: budget.memoryMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.floor(budget.memoryMb / 8)),
      },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      budget.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    let timer = setTimeout(
      () => finish(() => reject(new FeedError('budget', `el lector no arrancó en ${STARTUP_LIMIT_MS} ms`))),
      STARTUP_LIMIT_MS,
    );
    const onAbort = () => finish(() => reject(new FeedError('budget', 'la lectura se detuvo al apagar el servidor')));
    budget.signal?.addEventListener('abort', onAbort, { once: true });
    if (budget.signal?.aborted) onAbort();
    worker.on('message', (message: unknown) => {
      const parsed = answer.safeParse(message);
      if (parsed.success && parsed.data === 'ready') {
        clearTimeout(timer);
        timer = setTimeout(
          () => finish(() => reject(new FeedError('budget', `la lectura pasó de ${budget.timeMs} ms y se detuvo`))),
          budget.timeMs,
        );
        worker.postMessage({ text, fromMs: window.fromMs, toMs: window.toMs });
        return;
      }
      finish(() => {
        if (!parsed.success) reject(new FeedError('parse', 'la lectura devolvió algo inesperado'));
        else if (parsed.data === 'ready') reject(new FeedError('parse', 'la lectura devolvió algo inesperado'));
        else if ('error' in parsed.data) reject(new FeedError('parse', parsed.data.error));
        else resolve(parsed.data.intervals);
      });
    });
    worker.once('error', (error: Error & { code?: string }) => {
      finish(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new FeedError('budget', `la lectura pasó de ${budget.memoryMb} MB de memoria y se detuvo`)
            : new FeedError('parse', `no se pudo leer (${error.message})`),
        ),
      );
    });
    worker.once('exit', () => finish(() => reject(new FeedError('parse', 'la lectura terminó sin respuesta'))));
  });
}
