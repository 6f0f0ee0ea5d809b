/**
 * The worker that reads one busy feed (`read-in-worker.ts` starts it). Once its modules are loaded it says
 * `ready`; then the text and window come in one message and the intervals, or the Spanish reason the text
 * is not a calendar, go back in one. A rule that loops inside ical.js never returns from here; the thread
 * that started this one ends it.
 */
import { parentPort } from 'node:worker_threads';
import { FeedError } from './feed-error.ts';
import { busyIntervals } from './parse.ts';

interface Job {
  text: string;
  fromMs: number;
  toMs: number;
}

const isJob = (value: unknown): value is Job =>
  typeof value === 'object' &&
  value !== null &&
  'text' in value &&
  typeof value.text === 'string' &&
  'fromMs' in value &&
  typeof value.fromMs === 'number' &&
  'toMs' in value &&
  typeof value.toMs === 'number';

parentPort?.once('message', (job: unknown) => {
  if (!isJob(job)) {
    parentPort?.postMessage({ error: 'la lectura recibió algo inesperado' });
    return;
  }
  try {
    parentPort?.postMessage({ intervals: busyIntervals(job.text, { fromMs: job.fromMs, toMs: job.toMs }) });
  } catch (error) {
    parentPort?.postMessage({
      error: error instanceof FeedError ? error.message : `no se pudo leer (${String(error)})`,
    });
  }
});
parentPort?.postMessage('ready');
